// For tests: staff accounts and appeals in given registry states, written through the data layer.

import type { StaffRole } from "../../domain/staff/staff-roles.ts";
import { storeAppeal } from "../../server/appeals/store-appeal.ts";
import type { AppealChange, NewAppeal } from "../../server/db/appeals-repository.ts";
import type { DataLayer } from "../../server/db/data-layer.ts";
import { hashPassword, passwordParameters } from "../../server/staff/auth/passwords.ts";

/**
 * A staff password hashed for a test account at scrypt's N = 2^10 (1 MiB, ~4 ms) instead of the
 * service's 2^17 (128 MiB, ~0.5 s of a core): the service verifies any stored hash at the
 * parameters it holds, so signing in works the same, for a 120th of the CPU (decision 0035; as
 * Django's and Rails' test settings do). Tests of what the real cost does (capacity, the decoy's
 * timing) ask for `fullCost`.
 */
export function testPasswordHash(password: string, fullCost = false): Promise<string> {
  return hashPassword(password, fullCost ? passwordParameters : { N: 2 ** 10, r: 8, p: 1 });
}

export async function addStaffUser(
  data: DataLayer,
  login: string,
  password: string,
  account: { role?: StaffRole; email?: string } = {},
  options: { fullCost?: boolean } = {},
) {
  const hash = await testPasswordHash(password, options.fullCost);
  await data.staffAccounts.addUser(login, hash, new Date(), account);
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
