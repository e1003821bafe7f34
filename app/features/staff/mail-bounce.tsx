/**
 * What came back from the mailbox for a mail to the author (issue 46), as the appeal's page says
 * it: a permanent failure «не доставлено: нет такого адреса» with the day it was read, a temporary
 * one noted as such (the mail may still arrive).
 */

import type { AnswerView, DeliveryBounceView } from "../../../domain/staff/registry-types.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import { SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { Day, Moment } from "./staff-display.tsx";

/** «не доставлено: нет такого адреса (5.1.1)» or «временная ошибка доставки: ящик переполнен». */
function bounceText(bounce: DeliveryBounceView): string {
  const status = bounce.status ? ` (${bounce.status})` : "";
  return bounce.permanent
    ? `не доставлено: ${bounce.reason}${status}`
    : `временная ошибка доставки: ${bounce.reason}${status}`;
}

/** The bounce beside a mail's state: its words and when it was read. */
export function BounceNote({ bounce }: { bounce: DeliveryBounceView | null }) {
  if (!bounce) return null;
  return (
    <span data-testid="mail-bounce">
      {"; "}
      {bounceText(bounce)}, <Moment iso={bounce.at} />
    </span>
  );
}

/** The answer's mail did not reach the author: it failed every try, or bounced for good. */
function answerUndelivered(answer: AnswerView | undefined): boolean {
  if (answer?.state !== "sent" || !answer.mail) return false;
  return answer.mail.status === "failed" || answer.mail.bounce?.permanent === true;
}

/** The appeal's summary: «Ответ не доставлен: нет такого адреса» with the day, until it went by post. */
export function UndeliveredAnswerRow({ answer }: { answer: AnswerView | undefined }) {
  if (!answer?.mail || !answerUndelivered(answer) || answer.byPost) return null;
  const { bounce } = answer.mail;
  const permanent = bounce?.permanent ? bounce : null;
  return (
    <SummaryRow label="Ответ не доставлен" testId="answer-undelivered">
      <strong>{permanent ? permanent.reason : "попытки отправки исчерпаны"}</strong>
      {permanent ? (
        <>
          , <Day iso={kirovIsoDate(new Date(permanent.at))} />
        </>
      ) : null}
    </SummaryRow>
  );
}
