/**
 * One waiting message as a registrar reads it (issue 46): when it came and from whom, its text
 * as text (HTML was reduced to text when it was read; React keeps every character a character),
 * and its files, those the form's rules accept and those they refuse with the reason.
 */
import type { WaitingMessageView } from "../../../domain/staff/mailbox-port.ts";
import { SummaryList, SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { byteSizeText, waitingKindLabels } from "./mail-display.tsx";
import { Moment } from "./staff-display.tsx";

export function MailMessageFacts({ message }: { message: WaitingMessageView }) {
  return (
    <SummaryList>
      <SummaryRow label="Получено">
        <Moment iso={message.readAt} />
      </SummaryRow>
      <SummaryRow label="Дата в письме">
        {message.sentAt ? <Moment iso={message.sentAt} /> : "—"}
      </SummaryRow>
      <SummaryRow label="От кого" testId="mail-from">
        <span className="mail-list__from">
          {message.fromName ? `${message.fromName} <${message.from ?? ""}>` : (message.from ?? "—")}
        </span>
      </SummaryRow>
      <SummaryRow label="Вид">{waitingKindLabels[message.kind]}</SummaryRow>
      {message.reason ? <SummaryRow label="Причина">{message.reason}</SummaryRow> : null}
      <SummaryRow label="Размер">{byteSizeText(message.byteSize)}</SummaryRow>
    </SummaryList>
  );
}

export function MailMessageText({ message }: { message: WaitingMessageView }) {
  return (
    <section aria-labelledby="mail-text-title">
      <h2 id="mail-text-title">Текст письма</h2>
      {message.text.trim() === "" ? (
        <p>Текста нет.</p>
      ) : (
        <pre className="mail-message__text" data-testid="mail-text">
          {message.text}
        </pre>
      )}
    </section>
  );
}

export function MailMessageFiles({ message }: { message: WaitingMessageView }) {
  const accepted = message.files.filter((file) => file.refused === null);
  const refused = message.files.filter((file) => file.refused !== null);
  return (
    <section aria-labelledby="mail-files-title">
      <h2 id="mail-files-title">Файлы</h2>
      {message.files.length === 0 ? <p>Файлов нет.</p> : null}
      {accepted.length > 0 ? (
        <>
          <h3>Принимаются с обращением</h3>
          <ul className="mail-files" data-testid="mail-files-accepted">
            {accepted.map((file) => (
              <li key={`${file.fileName}-${file.byteSize}`}>
                <span className="mail-list__from">{file.fileName}</span>,{" "}
                {byteSizeText(file.byteSize)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {refused.length > 0 ? (
        <>
          <h3>Не принимаются</h3>
          <ul className="mail-files" data-testid="mail-files-refused">
            {refused.map((file) => (
              <li key={`${file.fileName}-${file.byteSize}`}>
                <span className="mail-list__from">{file.fileName}</span>,{" "}
                {byteSizeText(file.byteSize)}: {file.refused}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
