/**
 * The appeal form as an island: the one part of /appeals that needs JavaScript is hydrated on its
 * own, with React and React DOM but without React Router's client runtime (about half of the
 * script the whole page would need). Built by vite.island.config.ts; scripts/add-island-script.ts
 * puts the module script into the prerendered /appeals page. The container holds the form exactly
 * as prerendered (no action result: a GET), so hydration finds the same markup.
 */
import { hydrateRoot } from "react-dom/client";
import { filesErrorKey } from "../../../domain/appeals/appeal-fields.ts";
import { AppealForm } from "./components/appeal-form.tsx";
import { appealFormIslandId } from "./island-id.ts";

const container = document.getElementById(appealFormIslandId);
if (container) {
  // The regions as the page was rendered with them (all options but the empty placeholder):
  // hydration needs the same list, and the page already carries it.
  const select = container.querySelector<HTMLSelectElement>('select[name="region"]');
  const regionOptions = [...(select?.options ?? [])]
    .map((option) => option.value)
    .filter((value) => value !== "");
  // The file input's `accept` and hint, as rendered: the island does not carry the type list.
  const fileInput = {
    accept: container.querySelector('input[type="file"]')?.getAttribute("accept") ?? "",
    hint: container.querySelector(`#${filesErrorKey}-hint`)?.textContent ?? "",
  };
  // The fields' hints as rendered, likewise (form-fields.tsx: `<name>-hint`).
  const hintOf = (name: string) => container.querySelector(`#${name}-hint`)?.textContent ?? "";
  const hints = { email: hintOf("email"), phone: hintOf("phone"), comment: hintOf("comment") };
  // The consent's words as rendered, likewise.
  const consentLabel = container.querySelector('label[for="consent"]')?.textContent ?? "";
  hydrateRoot(
    container,
    <AppealForm
      initial={undefined}
      regionOptions={regionOptions}
      fileInput={fileInput}
      hints={hints}
      consentLabel={consentLabel}
    />,
  );
}
