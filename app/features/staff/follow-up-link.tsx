/**
 * A follow-up's link to the appeal it continues (issue 46): «Повторное обращение к А-2026-000123».
 * The link is by number (it outlives the first case's destruction): the registry's search by
 * number finds the first appeal while it is kept.
 */
import { SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";

const followUpSearchPath = (number: string) => `/staff?q=${encodeURIComponent(number)}`;

export function FollowUpRows({
  appeal,
}: {
  appeal: { follow_up_of?: string | null; channel?: "form" | "mail" };
}) {
  return (
    <>
      {appeal.channel === "mail" ? (
        <SummaryRow label="Поступило" testId="appeal-channel">
          письмом на адрес электронной почты организации
        </SummaryRow>
      ) : null}
      {appeal.follow_up_of ? (
        <SummaryRow label="Повторное обращение" testId="follow-up-of">
          Повторное обращение к{" "}
          <a className="staff-nowrap" href={followUpSearchPath(appeal.follow_up_of)}>
            {appeal.follow_up_of}
          </a>
        </SummaryRow>
      ) : null}
    </>
  );
}
