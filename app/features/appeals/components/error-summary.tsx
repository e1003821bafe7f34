import type { MouseEvent, Ref } from "react";

export type SummaryError = {
  /** The field's id, or null for a message about the whole form. */
  fieldId: string | null;
  label: string;
  message: string;
};

const errorSummaryTitle = "Есть ошибки";

/**
 * The GOV.UK error summary: at the top of the form, takes focus when the answers are checked,
 * and links every message to its field.
 */
export function ErrorSummary({
  errors,
  summaryRef,
  autoFocus,
}: {
  errors: readonly SummaryError[];
  summaryRef: Ref<HTMLDivElement>;
  autoFocus: boolean;
}) {
  return (
    <div
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      ref={summaryRef}
      // biome-ignore lint/a11y/noAutofocus: GOV.UK pattern: the summary takes focus; on the page the server sends after a no-JS post, autofocus does it.
      autoFocus={autoFocus}
    >
      <h2 className="error-summary__title" id="error-summary-title">
        {errorSummaryTitle}
      </h2>
      <ul className="error-summary__list">
        {errors.map((error) => (
          <li key={error.fieldId ?? "form"}>
            {error.fieldId ? (
              <a href={`#${error.fieldId}`} onClick={focusField}>
                {summaryText(error)}
              </a>
            ) : (
              error.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 'Имя: это обязательное поле'; a message that already names its field is left as it is. */
function summaryText({ label, message }: SummaryError): string {
  if (message.toLowerCase().startsWith(label.toLowerCase())) return message;
  return `${label}: ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
}

/**
 * With JavaScript, a link moves focus into its field and shows the field's label above it,
 * as GOV.UK's summary does; without it the plain #id link still scrolls there.
 */
function focusField(event: MouseEvent<HTMLAnchorElement>) {
  const id = event.currentTarget.hash.slice(1);
  const field = document.getElementById(id);
  if (!(field instanceof HTMLElement)) return;
  event.preventDefault();
  const group = field.closest(".form-group") ?? field;
  group.scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}
