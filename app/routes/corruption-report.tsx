import { sitePage } from "../../content/site-pages.ts";
import { appealFileAccept, appealFilesHint } from "../../domain/appeals/appeal-files.ts";
import { corruptionReportTopic, topicLabel } from "../../domain/appeals/appeal-topics.ts";
import { consentText } from "../../domain/appeals/consent-text.ts";
import { regionOptions } from "../../domain/appeals/regions.ts";
import { appealFormState } from "../features/appeals/appeal-form-result.ts";
import { appealFieldHints } from "../features/appeals/components/appeal-field-hints.ts";
import appealFormStyles from "../features/appeals/components/appeal-form.css?inline";
import { AppealForm } from "../features/appeals/components/appeal-form.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import type { Route } from "./+types/corruption-report.ts";

export const meta = () => pageMeta("/appeals/corruption_report");

export const handle: RouteHandle = { styles: [appealFormStyles] };

/**
 * The form posted here without JavaScript: the same action as /appeals (its fields and the
 * topic's hidden field go to the one appeal submitter), this page rendered again with the result.
 */
export { action } from "./appeals.tsx";

const path = "/appeals/corruption_report";

/**
 * The appeal form with the topic «Сообщение о фактах коррупции» chosen (issue 29, decision 0044):
 * a page of its own, prerendered with the topic in the form, so no script and no query string is
 * needed to choose it. The page loads no script: the form posts as a plain HTML form.
 */
export default function CorruptionReportPage({ actionData }: Route.ComponentProps) {
  return (
    <div className="page">
      <h1>{sitePage(path).title}</h1>
      <p>
        Сообщение о фактах коррупции рассматривается как обращение гражданина в порядке и сроки,
        указанные на странице{" "}
        <a href="/appeals/procedure">{sitePage("/appeals/procedure").title}</a>. Другие сведения — в
        разделе <a href="/anticorruption">Противодействие коррупции</a>.
      </p>
      <p>Все поля, кроме региона, обязательны.</p>
      <AppealForm
        initial={appealFormState(actionData)}
        regionOptions={regionOptions}
        fileInput={{ accept: appealFileAccept, hint: appealFilesHint }}
        hints={appealFieldHints}
        consentLabel={consentText}
        topic={{ code: corruptionReportTopic, label: topicLabel(corruptionReportTopic) }}
        action={path}
      />
    </div>
  );
}
