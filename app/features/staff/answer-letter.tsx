/**
 * The answer as a letter to print and post (issue 46), for an answer whose mail did not arrive
 * (59-ФЗ: by post when a postal address is known): the organisation's letterhead, the outgoing
 * number and date, the addressee (the postal address recorded with «Отметить отправку почтой», or
 * blank lines to fill by hand), the lead of the answer's mail, staff's text as written, the files
 * named, and the signature block. Every value is text: React keeps a typed `<script>` a string.
 */
import { answerMailTemplate } from "../../../content/notice-templates.ts";
import { organisation } from "../../../content/organisation.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { AnswerView, RegistryAppeal } from "../../../domain/staff/registry-types.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";

/** A line left blank on paper, to be written by hand. */
function Blank({ note }: { note?: string }) {
  return (
    <span className="answer-letter__blank-line">
      <span className="answer-letter__blank" aria-hidden="true" />
      {note ? <span className="answer-letter__note">{note}</span> : null}
    </span>
  );
}

function Addressee({ appeal, answer }: { appeal: RegistryAppeal; answer: AnswerView }) {
  const address = answer.byPost?.address.trim();
  return (
    <address className="answer-letter__addressee" data-testid="letter-addressee">
      <span>
        {appeal.last_name} {appeal.first_name}
      </span>
      {address ? (
        address.split(/\r?\n/).map((line) => <span key={line}>{line}</span>)
      ) : (
        <>
          <span className="visually-hidden">Почтовый адрес не указан: впишите его от руки.</span>
          <Blank />
          <Blank />
          <Blank note="почтовый адрес, индекс" />
        </>
      )}
    </address>
  );
}

export function AnswerLetter({ appeal, answer }: { appeal: RegistryAppeal; answer: AnswerView }) {
  const receivedOn = formatRussianDate(kirovIsoDate(new Date(appeal.created_at)));
  const lead = answerMailTemplate.lead
    .replace("{number}", appeal.number)
    .replace("{receivedOn}", receivedOn);
  const paragraphs = answer.text
    .replace(/\r\n?/g, "\n")
    .split(/\n{2,}/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== "");
  return (
    <article className="answer-letter" aria-labelledby="letter-title" data-testid="answer-letter">
      <header className="answer-letter__head">
        <p className="answer-letter__organisation">{organisation.fullName}</p>
        <p>{organisation.address}</p>
        <p>
          Телефон: {organisation.phone.display}; электронная почта: {organisation.email}
        </p>
      </header>
      <div className="answer-letter__meta">
        <p className="answer-letter__outgoing" data-testid="letter-outgoing">
          {formatRussianDate(answer.answeredOn)} № {answer.outgoingNumber ?? "____________"}
        </p>
        <p>
          На № {appeal.number} от {receivedOn}
        </p>
        <Addressee appeal={appeal} answer={answer} />
      </div>
      <h1 id="letter-title" className="answer-letter__title">
        Ответ на обращение № {appeal.number}
      </h1>
      <p>{lead}</p>
      <div className="answer-letter__text" data-testid="letter-text">
        {paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
      {answer.files.length > 0 ? (
        <div>
          <p>{answerMailTemplate.attachments}</p>
          <ol>
            {answer.files.map((file) => (
              <li key={file.id}>{file.fileName}</li>
            ))}
          </ol>
        </div>
      ) : null}
      <div className="answer-letter__signature">
        <span>Руководитель</span>
        <Blank note="подпись, расшифровка подписи" />
      </div>
    </article>
  );
}
