import { notFoundTitle } from "../../../content/site-pages.ts";
import {
  type EditionState,
  editionStateLabels,
} from "../../../domain/site-content/site-editions.ts";
import { Tag, type TagTone } from "../../components/staff/tag/tag.tsx";

const tones: Record<EditionState, TagTone> = {
  draft: "neutral",
  awaiting_approval: "warning",
  scheduled: "info",
  published: "success",
  superseded: "neutral",
};

/** An edition's state in words, coloured to help the eye. */
export function EditionStateTag({ state }: { state: EditionState }) {
  const label = editionStateLabels[state];
  return <Tag tone={tones[state]}>{label.charAt(0).toUpperCase() + label.slice(1)}</Tag>;
}

/** What a staff member outside the site editors' roles sees at a /staff/site address (404). */
export function NotFoundForRole() {
  return (
    <>
      <h1>{notFoundTitle}</h1>
      <p>
        <a href="/staff">Вернуться в реестр</a>
      </p>
    </>
  );
}
