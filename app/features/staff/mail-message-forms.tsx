/**
 * What a registrar does with a waiting message (issue 46): «Зарегистрировать как обращение»
 * (the author's name and e-mail started from the sender's, a phone and a region if known, and the
 * number of the appeal it follows up), or «Отложить» with a reason. The server checks every field
 * again and says what is wrong in Russian; the form then shows what was typed.
 */

import { regionOptions } from "../../../domain/appeals/regions.ts";
import type {
  RegisterMessageForm,
  WaitingMessageView,
} from "../../../domain/staff/mailbox-port.ts";
import { Button } from "../../components/staff/button/button.tsx";
import { TextInput } from "../../components/staff/field/field.tsx";
import { Select } from "../../components/staff/select/select.tsx";
import { Textarea } from "../../components/staff/textarea/textarea.tsx";
import { CsrfField } from "./staff-display.tsx";

export const registerIntent = "register";
export const setAsideIntent = "set-aside";

/** The form's fields as posted (names of the appeal form's fields). */
export function registerFormOf(fields: URLSearchParams): RegisterMessageForm {
  const field = (name: string) => String(fields.get(name) ?? "");
  return {
    lastName: field("last_name"),
    firstName: field("first_name"),
    email: field("email"),
    phone: field("phone"),
    region: field("region"),
    followUpOf: field("follow_up_of"),
  };
}

/**
 * The form's start from the sender: a display name 'Иван Петров' gives the first and the last
 * name (most mail programs put the given name first; the registrar corrects it), one word the
 * first name.
 */
export function registerFormFrom(message: WaitingMessageView): RegisterMessageForm {
  const words = (message.fromName ?? "").trim().split(/\s+/).filter(Boolean);
  return {
    firstName: words[0] ?? "",
    lastName: words.length > 1 ? (words.at(-1) ?? "") : "",
    email: message.from ?? "",
    phone: "",
    region: "",
    followUpOf: "",
  };
}

export function RegisterMessage({
  typed,
  csrfToken,
}: {
  typed: RegisterMessageForm;
  csrfToken: string;
}) {
  return (
    <form method="post" className="staff-form" aria-labelledby="register-mail-title">
      <h2 id="register-mail-title">Зарегистрировать как обращение</h2>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value={registerIntent} />
      <p className="staff-hint">
        Текст письма и принимаемые файлы станут обращением; автору уйдёт подтверждение получения.
      </p>
      <TextInput
        id="mail-last-name"
        name="last_name"
        label="Фамилия"
        autoComplete="off"
        defaultValue={typed.lastName}
        required
        maxLength={100}
      />
      <TextInput
        id="mail-first-name"
        name="first_name"
        label="Имя"
        autoComplete="off"
        defaultValue={typed.firstName}
        required
        maxLength={100}
      />
      <TextInput
        id="mail-email"
        name="email"
        type="email"
        label="Электронная почта"
        autoComplete="off"
        defaultValue={typed.email}
        required
        maxLength={254}
      />
      <TextInput
        id="mail-phone"
        name="phone"
        type="tel"
        label="Телефон"
        hint="Если известен."
        autoComplete="off"
        defaultValue={typed.phone}
        maxLength={30}
      />
      <Select
        id="mail-region"
        name="region"
        label="Регион"
        defaultValue={typed.region}
        options={[
          { value: "", label: "Не указан" },
          ...regionOptions.map((region) => ({ value: region, label: region })),
        ]}
      />
      <TextInput
        id="mail-follow-up-of"
        name="follow_up_of"
        label="Повторное обращение к"
        hint="Регистрационный номер первого обращения, например А-2026-000123; пусто — новое обращение."
        autoComplete="off"
        defaultValue={typed.followUpOf}
        maxLength={20}
      />
      <Button>Зарегистрировать</Button>
    </form>
  );
}

export function SetAsideMessage({ reason, csrfToken }: { reason: string; csrfToken: string }) {
  return (
    <form method="post" className="staff-form" aria-labelledby="set-aside-mail-title">
      <h2 id="set-aside-mail-title">Отложить</h2>
      <CsrfField token={csrfToken} />
      <input type="hidden" name="intent" value={setAsideIntent} />
      <Textarea
        id="mail-set-aside-reason"
        name="reason"
        label="Причина"
        hint="Например: рассылка, спам, письмо не обращение. Копия остаётся в папке «Обработано»."
        defaultValue={reason}
        required
        maxLength={500}
        rows={2}
      />
      <Button kind="secondary">Отложить</Button>
    </form>
  );
}
