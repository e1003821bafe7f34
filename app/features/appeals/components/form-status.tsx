import type { Ref } from "react";

export type AppealStatus =
  | { kind: "idle" }
  | { kind: "submitting" }
  | {
      kind: "success";
      number: string | null;
      acknowledged: boolean;
      /** What was stored besides (the files' count and names), said under the number. */
      note?: string | undefined;
    }
  | { kind: "failure"; detail: string | null };

const successMessage = "Обращение успешно отправлено";
/** Said with the number when an acknowledgement was written with the appeal. */
const acknowledgementNote =
  "Подтверждение с номером и сроками рассмотрения придёт на адрес электронной почты, указанный в обращении.";
const failureMessage = "Во время отправки формы произошла ошибка, попробуйте ещё раз";

/**
 * The result of a submission, green or red. The live region is in the page from the start, so
 * screen readers announce what appears in it; the message itself can take focus (tabIndex -1)
 * so that the visitor's view and keyboard move to it.
 */
export function FormStatus({
  status,
  messageRef,
  autoFocus,
}: {
  status: AppealStatus;
  messageRef: Ref<HTMLParagraphElement>;
  autoFocus: boolean;
}) {
  return (
    <div className="form-status" role="status" aria-live="polite" aria-atomic="true">
      {status.kind === "success" ? (
        <p
          className="form-status__message form-status__message--success"
          id="appeal-status-message"
          tabIndex={-1}
          ref={messageRef}
          // biome-ignore lint/a11y/noAutofocus: the page the server sends after a no-JS post moves focus to its result, as the script does.
          autoFocus={autoFocus}
        >
          {successMessage}
          {status.number ? (
            <span className="form-status__detail">Регистрационный номер: {status.number}</span>
          ) : null}
          {status.note ? <span className="form-status__detail">{status.note}</span> : null}
          {status.acknowledged ? (
            <span className="form-status__detail">{acknowledgementNote}</span>
          ) : null}
        </p>
      ) : null}
      {status.kind === "failure" ? (
        <p
          className="form-status__message form-status__message--failure"
          id="appeal-status-message"
          tabIndex={-1}
          ref={messageRef}
          // biome-ignore lint/a11y/noAutofocus: as above, for the failure message.
          autoFocus={autoFocus}
        >
          {failureMessage}
          {status.detail ? <span className="form-status__detail">{status.detail}</span> : null}
        </p>
      ) : null}
    </div>
  );
}
