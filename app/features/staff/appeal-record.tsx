/**
 * What the citizen sent and what became of it (registration, extension, forward, answer day,
 * leaving without an answer), and the consent they gave with it: the record part of an
 * appeal's page, read only.
 */
import { groundLabel } from "../../../domain/appeals/appeal-states.ts";
import { visibleText } from "../../../domain/appeals/visible-text.ts";
import type { AppealPageView } from "../../../domain/staff/staff-ports.ts";
import { SummaryList, SummaryRow } from "../../components/staff/summary-list/summary-list.tsx";
import { AnswerFiles } from "./answer-files.tsx";
import { Day, Moment } from "./staff-display.tsx";

export function AppealRecord({ found }: { found: AppealPageView }) {
  const { appeal } = found;
  return (
    <>
      <h2>Обращение</h2>
      <SummaryList>
        <SummaryRow label="Поступило">
          <Moment iso={appeal.created_at} />
        </SummaryRow>
        <SummaryRow label="Дата регистрации">
          <Day iso={appeal.registered_on} />
        </SummaryRow>
        <SummaryRow label="Фамилия">{visibleText(appeal.last_name)}</SummaryRow>
        <SummaryRow label="Имя">{visibleText(appeal.first_name)}</SummaryRow>
        <SummaryRow label="Электронная почта">{visibleText(appeal.email)}</SummaryRow>
        <SummaryRow label="Телефон">{visibleText(appeal.phone)}</SummaryRow>
        <SummaryRow label="Регион">{visibleText(appeal.region) || "—"}</SummaryRow>
        <SummaryRow label="Файлы гражданина" testId="appeal-files">
          <AnswerFiles appealId={appeal.id} files={found.files} />
        </SummaryRow>
        {appeal.extension_days > 0 ? (
          <SummaryRow label="Продление срока ответа">
            на {appeal.extension_days} дн.; причина: {visibleText(appeal.extension_reason ?? "")}
          </SummaryRow>
        ) : null}
        {appeal.forwarded_to ? (
          <SummaryRow label="Перенаправлено">
            {visibleText(appeal.forwarded_to)}, <Day iso={appeal.forwarded_on} />
          </SummaryRow>
        ) : null}
        {appeal.answered_on ? (
          <SummaryRow label="Дата ответа">
            <Day iso={appeal.answered_on} />
          </SummaryRow>
        ) : null}
        {appeal.without_answer_ground ? (
          <>
            <SummaryRow label="Основание оставления без ответа">
              {groundLabel(appeal.without_answer_ground)}
            </SummaryRow>
            <SummaryRow label="Автор уведомлён">
              <Day iso={appeal.notice_sent_on} />
            </SummaryRow>
          </>
        ) : null}
      </SummaryList>
    </>
  );
}

export function AppealConsent({ appeal }: { appeal: AppealPageView["appeal"] }) {
  return (
    <>
      <h2>Согласие на обработку персональных данных</h2>
      <SummaryList>
        <SummaryRow label="Дано">
          <Moment iso={appeal.consent_at} />
        </SummaryRow>
      </SummaryList>
      {/* The technical record, kept as consent evidence (152-ФЗ), folded: staff rarely need it. */}
      <details className="staff-details">
        <summary>Технические сведения</summary>
        <SummaryList>
          <SummaryRow label="Редакция текста согласия">{appeal.consent_text_version}</SummaryRow>
          <SummaryRow label="IP-адрес">{appeal.client_ip}</SummaryRow>
          <SummaryRow label="Браузер (как он себя назвал)">
            {visibleText(appeal.user_agent ?? "—")}
          </SummaryRow>
        </SummaryList>
      </details>
    </>
  );
}
