/**
 * An act of destruction as it is printed and signed (issue 45): the organisation, the title, the
 * ground (the standard list), the cases it lists, their count in figures, and the signature
 * lines of the expert commission and the head. No personal data: the list holds what the act
 * stored by value (registration number, days, topic, term, article, case index). While a draft,
 * each line links to its case and to the form that takes it off; those go on paper.
 */
import { organisation } from "../../../content/organisation.ts";
import { formatRussianDate } from "../../../domain/calendar/calendar-day.ts";
import type { ArchiveActCase, ArchiveActView } from "../../../domain/staff/archive-port.ts";
import { Table } from "../../components/staff/table/table.tsx";
import { actTitle, casesCount } from "./archive-display.tsx";
import { Day, Moment } from "./staff-display.tsx";

function CaseRow({ item, line, draft }: { item: ArchiveActCase; line: number; draft: boolean }) {
  return (
    <tr>
      <td>{line}</td>
      <th scope="row">
        {draft && item.appealId ? (
          <a className="staff-nowrap" href={`/staff/appeals/${item.appealId}`}>
            {item.registrationNumber}
          </a>
        ) : (
          <span className="staff-nowrap">{item.registrationNumber}</span>
        )}
      </th>
      <td>
        <Day iso={item.receivedOn} /> — <Day iso={item.closedOn} />
      </td>
      <td>{item.topic}</td>
      <td>{item.term}</td>
      <td className="staff-nowrap">{item.article}</td>
      <td className="staff-nowrap">{item.caseIndex}</td>
      {draft ? (
        <td className="staff-no-print">
          <a href={`?remove=${item.position}#remove-case`}>
            Снять с акта<span className="visually-hidden"> дело {item.registrationNumber}</span>
          </a>
        </td>
      ) : null}
    </tr>
  );
}

function RemovedCases({ cases }: { cases: ArchiveActCase[] }) {
  if (cases.length === 0) return null;
  return (
    <Table label="Дела, снятые с акта">
      <caption>Дела, снятые с акта (хранятся дальше)</caption>
      <thead>
        <tr>
          <th scope="col">Регистрационный номер</th>
          <th scope="col">Причина</th>
          <th scope="col">Кто снял</th>
          <th scope="col">Когда</th>
        </tr>
      </thead>
      <tbody>
        {cases.map((item) => (
          <tr key={item.position}>
            <th scope="row">
              {item.appealId ? (
                <a className="staff-nowrap" href={`/staff/appeals/${item.appealId}`}>
                  {item.registrationNumber}
                </a>
              ) : (
                <span className="staff-nowrap">{item.registrationNumber}</span>
              )}
            </th>
            <td className="staff-table__text">{item.removed?.reason}</td>
            <td>{item.removed?.by}</td>
            <td>{item.removed ? <Moment iso={item.removed.at} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

/** A line to sign on: what is signed, then blanks for the signature and the name. */
function SignatureLine({ who }: { who: string }) {
  return (
    <div className="archive-signature">
      <span>{who}</span>
      <span className="archive-signature__blank" aria-hidden="true" />
      <span className="archive-signature__note">подпись, расшифровка подписи, дата</span>
    </div>
  );
}

export function ArchiveActDocument({ act }: { act: ArchiveActView }) {
  const draft = act.state === "draft";
  const listed = act.cases.filter((item) => item.removed === null);
  const removed = act.cases.filter((item) => item.removed !== null);
  return (
    <article className="archive-act" aria-labelledby="act-title">
      <p className="archive-act__organisation">{organisation.fullName}</p>
      <div className="archive-act__approve">
        <p>УТВЕРЖДАЮ</p>
        <SignatureLine who="Руководитель" />
      </div>
      <h1 id="act-title" className="archive-act__title">
        {actTitle(act)}
      </h1>
      <p>
        На основании Перечня типовых управленческих архивных документов, образующихся в процессе
        деятельности государственных органов, органов местного самоуправления и организаций, с
        указанием сроков их хранения (приказ Росархива от 20.12.2019 № 236), отобраны к уничтожению
        как не имеющие научно-исторической ценности и утратившие практическое значение дела по
        обращениям граждан
        {act.closedYear === null ? "" : `, закрытые в ${act.closedYear} году`}:
      </p>
      <Table label="Дела, выделенные к уничтожению">
        <caption>Дела, выделенные к уничтожению</caption>
        <thead>
          <tr>
            <th scope="col">№ п/п</th>
            <th scope="col">Регистрационный номер</th>
            <th scope="col">Даты поступления и закрытия</th>
            <th scope="col">Тема</th>
            <th scope="col">Срок хранения</th>
            <th scope="col">Статья по Перечню</th>
            <th scope="col">Индекс дела</th>
            {draft ? (
              <th scope="col" className="staff-no-print">
                Действие
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {listed.map((item, index) => (
            <CaseRow key={item.position} item={item} line={index + 1} draft={draft} />
          ))}
        </tbody>
      </Table>
      <p className="archive-act__count" data-testid="act-count">
        Итого: {casesCount(listed.length)}.
      </p>
      <RemovedCases cases={removed} />
      <p className="staff-no-print staff-hint">
        Сформирован <Day iso={act.madeOn} /> ({act.madeBy}, <Moment iso={act.madeAt} />)
      </p>
      {act.approved ? (
        <p>
          Акт рассмотрен экспертной комиссией: протокол № {act.approved.protocolNumber} от{" "}
          {formatRussianDate(act.approved.protocolDate)}.
        </p>
      ) : null}
      <div className="archive-act__signatures">
        <SignatureLine who="Председатель экспертной комиссии" />
        <SignatureLine who="Члены экспертной комиссии" />
        <SignatureLine who="Документы уничтожены; ответственный" />
      </div>
    </article>
  );
}
