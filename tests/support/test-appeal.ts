// For tests: an appeal as the server hands it to a store.
import type { NewAppeal } from "../../server/db/appeals-repository.ts";

export function sampleNewAppeal(createdAt: string, overrides: Partial<NewAppeal> = {}): NewAppeal {
  const time = new Date(createdAt);
  return {
    first_name: "Иван",
    last_name: "Петров",
    email: "ivan@example.ru",
    phone: "8 912 345-67-89",
    phone_normalized: "+79123456789",
    region: "",
    comment: "Текст",
    consent: true,
    consent_at: time,
    consent_text_version: "test-1",
    client_ip: "203.0.113.5",
    user_agent: null,
    created_at: time,
    ...overrides,
  };
}
