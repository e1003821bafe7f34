/**
 * The top left of an appeal's page: what the appeal is at now (its state, running terms,
 * executor, drafts waiting and topic), on the first screen beside what may be done about it.
 */
import { appealStateLabels } from "../../../domain/appeals/appeal-states.ts";
import { topicLabel } from "../../../domain/appeals/appeal-topics.ts";
import { runningDeadlines } from "../../../domain/appeals/running-terms.ts";
import { draftReviewLabels } from "../../../domain/staff/draft-marks.ts";
import type { AppealPageView } from "../../../domain/staff/staff-ports.ts";
import { SummaryList, SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { FollowUpRows } from "./follow-up-link.tsx";
import { UndeliveredAnswerRow } from "./mail-bounce.tsx";
import { DeadlineText, DraftMark, StateTag } from "./staff-display.tsx";

export function AppealSummary({ found, today }: { found: AppealPageView; today: string }) {
  const { appeal, answer, noticeDraft } = found;
  const deadlines = runningDeadlines(appeal, today);
  return (
    <section className="staff-appeal-summary" aria-label="Сводка">
      <SummaryList compact>
        <SummaryRow label="Состояние">
          <StateTag state={appeal.state}>
            <strong data-testid="appeal-state">{appealStateLabels[appeal.state]}</strong>
          </StateTag>
        </SummaryRow>
        <SummaryRow label="Сроки" testId="deadlines">
          {deadlines.length > 0 ? (
            <ul>
              {deadlines.map((deadline) => (
                <li key={deadline.kind}>
                  <DeadlineText deadline={deadline} withKind />
                </li>
              ))}
            </ul>
          ) : (
            "Сроки не текут."
          )}
        </SummaryRow>
        <UndeliveredAnswerRow answer={answer} />
        <SummaryRow label="Исполнитель" testId="assignee">
          {appeal.assignee ?? "не назначен"}
        </SummaryRow>
        {answer && answer.state !== "sent" ? (
          <SummaryRow label="Проект ответа">
            <DraftMark review={answer.state}>{draftReviewLabels[answer.state]}</DraftMark>
          </SummaryRow>
        ) : null}
        {noticeDraft ? (
          <SummaryRow label={noticeDraft.title}>
            <DraftMark review={noticeDraft.state}>{draftReviewLabels[noticeDraft.state]}</DraftMark>
          </SummaryRow>
        ) : null}
        <SummaryRow label="Тема" testId="appeal-topic">
          {topicLabel(appeal.topic)}
        </SummaryRow>
        <FollowUpRows appeal={appeal} />
      </SummaryList>
    </section>
  );
}
