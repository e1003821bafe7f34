// For tests: staff accounts and appeals in given registry states, written through the data layer.

import type { StaffRole } from "../../domain/staff/staff-roles.ts";
import { storeAppeal } from "../../server/appeals/store-appeal.ts";
import type { AppealChange, NewAppeal } from "../../server/db/appeals-repository.ts";
import type { DataLayer } from "../../server/db/data-layer.ts";
import { hashPassword } from "../../server/staff/auth/passwords.ts";

export async function addStaffUser(
  data: DataLayer,
  login: string,
  password: string,
  account: { role?: StaffRole; email?: string } = {},
) {
  await data.staffAccounts.addUser(login, await hashPassword(password), new Date(), account);
}

/** An appeal as the service would store it, received at `at`. */
export function newAppeal(at: Date, overrides: Partial<NewAppeal> = {}): NewAppeal {
  return {
    first_name: "Анна",
    last_name: "Иванова",
    email: "anna@example.ru",
    phone: "+7 912 345-67-89",
    phone_normalized: "+79123456789",
    region: "43 - Кировская область",
    comment: "Прошу сообщить сроки обследования.",
    consent: true,
    consent_at: at,
    consent_text_version: "test",
    client_ip: "127.0.0.1",
    user_agent: "test",
    created_at: at,
    ...overrides,
  };
}

/**
 * Stores an appeal received at `at` and, if `change` is given, moves it from 'new' straight to
 * that state, as staff would have over several steps.
 */
export async function storeAppealIn(
  data: DataLayer,
  at: Date,
  change?: AppealChange,
  overrides: Partial<NewAppeal> = {},
): Promise<{ id: string; number: string }> {
  const stored = await storeAppeal(data, newAppeal(at, overrides));
  if (change) {
    await data.transaction((tx) =>
      data.appeals.change(stored.id, { version: 0, state: "new" }, change, tx),
    );
  }
  return stored;
}
