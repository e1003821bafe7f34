/**
 * How an appeal's history names each line: the state changes of domain/appeals/appeal-states.ts
 * and the other actions staff take. The appeal's page (app/features/staff/appeal-audit-log.tsx)
 * and the case file's history (server/staff/archive/case-file-history.ts) read the same labels.
 */
import { appealActionLabels, appealStateLabels, isAppealState } from "../appeals/appeal-states.ts";

const otherActionLabels: Record<string, string> = {
  "retry-notification": "Повторная отправка уведомления",
  "retry-answer": "Повторная отправка ответа",
  "answer-by-post": "Ответ отправлен почтой",
  "answer-drafted": "Проект ответа на согласование",
  "approve-answer": "Ответ утверждён и отправлен",
  "return-answer": "Ответ возвращён на доработку",
  "notice-drafted": "Проект действия на согласование",
  "approve-notice": "Проект действия утверждён и выполнен",
  "return-notice": "Проект действия возвращён на доработку",
  assign: "Назначение исполнителя",
  note: "Заметка",
  "acknowledgement-withheld": "Подтверждение автору не отправлено",
  "set-topic": "Тема обращения",
  "set-storage-term": "Срок хранения",
  // Issue 46: the organisation's mailbox.
  "resend-answer": "Ответ отправлен на исправленный адрес",
  "mail-registered": "Зарегистрировано из письма",
  "mail-set-aside": "Письмо без обращения отложено",
  "mail-bounced": "Письмо не доставлено",
  "follow-up-of": "Повторное обращение",
  "follow-up-received": "Поступило повторное обращение",
  "files-refused": "Файлы не приняты",
};

/** The action's label; the code itself for one no longer known. */
export function auditActionLabel(action: string): string {
  return (
    (appealActionLabels as Record<string, string>)[action] ?? otherActionLabels[action] ?? action
  );
}

/** A state's label in the history; «—» for none. */
export function auditStateLabel(state: string | null): string {
  return state && isAppealState(state) ? appealStateLabels[state] : "—";
}
