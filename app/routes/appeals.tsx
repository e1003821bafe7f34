import { data } from "react-router";
import { defaultAppealsTexts } from "../../content/appeals-rules.ts";
import { appealFileAccept, appealFilesHint } from "../../domain/appeals/appeal-files.ts";
import { consentText } from "../../domain/appeals/consent-text.ts";
import { regionOptions } from "../../domain/appeals/regions.ts";
import type { SubmitResult } from "../../domain/appeals/submit-result.ts";
import { formOf, pageOf, siteContentOf } from "../../domain/pages/page-context.ts";
import { sectionTextOf } from "../../domain/site-content/section-texts-content.ts";
import { parseMarkup } from "../../domain/site-content/site-markup.ts";
import { MarkupBlocks } from "../components/site-markup.tsx";
import { appealFormResult, appealFormState } from "../features/appeals/appeal-form-result.ts";
import { appealFieldHints } from "../features/appeals/components/appeal-field-hints.ts";
import appealFormStyles from "../features/appeals/components/appeal-form.css?inline";
import { AppealForm } from "../features/appeals/components/appeal-form.tsx";
import { appealValuesFromFormData } from "../features/appeals/components/appeal-form-values.ts";
import { appealFormIslandId } from "../features/appeals/island-id.ts";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import type { Route } from "./+types/appeals.ts";

export const meta = () => pageMeta("/appeals");

// The form is the page's one interactive part: it hydrates alone, as an island
// (features/appeals/appeal-form-island.tsx), without React Router's client runtime.
export const handle: RouteHandle = { styles: [appealFormStyles] };

/**
 * The form posted without JavaScript (`POST /appeals`). The server hands the request to React
 * Router with its appeal submitter in the context; the page is rendered again with the result:
 * the registration number, or the messages and the visitor's answers.
 */
export async function action({ context }: Route.ActionArgs) {
  const { fields: formData, files, refusal } = formOf(context);
  const values = appealValuesFromFormData(formData);
  let result: SubmitResult;
  try {
    const { services, client } = pageOf(context);
    // An upload refused while it streamed in (`refusal`) stores nothing, but counts as an attempt.
    result = await services.appealForm(formData.entries(), client, files, refusal);
  } catch (error) {
    // No personal data here: the error only (e.g. no submitter in the context).
    console.error("appeal form post failed", error instanceof Error ? error.message : error);
    result = { status: "failed" };
  }
  const { formResult, httpStatus } = appealFormResult(result, values);
  return data(formResult, { status: httpStatus });
}

/**
 * The rules and the channel note published (a draft's, for a preview; the server's door gives
 * the published ones to the page it renders on a post); the build's while prerendering.
 */
export function loader({ context }: Route.LoaderArgs) {
  const texts = siteContentOf(context).appeals ?? defaultAppealsTexts;
  return Object.fromEntries(
    defaultAppealsTexts.sections.map((section) => [
      section.id,
      sectionTextOf(texts, section.id) ?? section.text,
    ]),
  );
}

export default function AppealsPage({ actionData, loaderData }: Route.ComponentProps) {
  const blocksOf = (id: string) => parseMarkup(loaderData[id] ?? "");
  return (
    <div className="page">
      <h1>Обращения граждан</h1>
      <section className="appeal-rules" aria-labelledby="appeal-rules-title">
        <h2 id="appeal-rules-title">Правила приёма обращений</h2>
        <MarkupBlocks blocks={blocksOf("rules")} />
      </section>
      {/* The Gosuslugi feedback widget's place: empty unless the server has POS_WIDGET_ID, then
          it writes the block in (server/site/site-settings.ts). It lies outside the form's island,
          so no hydration touches it. */}
      <div className="pos-widget-slot" />
      <section aria-labelledby="appeal-form-title">
        <h2 id="appeal-form-title">Форма обращения</h2>
        <MarkupBlocks blocks={blocksOf("channel-note")} />
        <p>Все поля, кроме региона, обязательны.</p>
        <div id={appealFormIslandId}>
          <AppealForm
            initial={appealFormState(actionData)}
            regionOptions={regionOptions}
            fileInput={{ accept: appealFileAccept, hint: appealFilesHint }}
            hints={appealFieldHints}
            consentLabel={consentText}
          />
        </div>
      </section>
      <p>
        Обращение уже отправлено? <a href="/appeals/status">Узнать его состояние</a> по номеру и
        адресу электронной почты.
      </p>
      <p>
        <a href="/appeals/review">Обзор обращений граждан</a>: сколько обращений поступило по
        кварталам и как они рассмотрены.
      </p>
      <p>
        <a href="/appeals/procedure">Порядок рассмотрения обращений и личный приём</a>: сроки,
        график приёма, другие способы обратиться.
      </p>
    </div>
  );
}
