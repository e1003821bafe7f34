// The appeal form's page in a browser test: a sample appeal, the page opened (with or without
// JavaScript), filled, read back; the API request held or watched. Shared by the form's tests
// (appeals-form.test.ts) and its files' tests on both stores (appeals-files.test.ts).
import type { Browser, BrowserContextOptions, Page, Request, Route } from "playwright-core";
import { openPage, type RunningSite, type WatchedPage } from "./harness.ts";

export const apiPath = "/api/users/appeals/";

export type Appeal = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  region: string;
  comment: string;
  consent: boolean;
};

let appealCount = 0;
export function sampleAppeal(overrides: Partial<Appeal> = {}): Appeal {
  appealCount += 1;
  return {
    first_name: "Анна",
    last_name: "Смирнова-Лебедева",
    email: `anna.${appealCount}.${Date.now()}@example.ru`,
    phone: "+7 (912) 345-67-89",
    region: "43 - Кировская область",
    comment: "Прошу сообщить сроки агрохимического обследования полей в Кирово-Чепецком районе.",
    consent: true,
    ...overrides,
  };
}

/** /appeals with the form enhanced by React (or plain, when JavaScript is off). */
export async function openAppeals(
  env: { site: RunningSite; browser: Browser },
  options: BrowserContextOptions & { url?: string } = {},
): Promise<WatchedPage & { ourErrors: string[]; apiRequests: Request[] }> {
  const { url = `${env.site.baseUrl}/appeals`, ...contextOptions } = options;
  const watched = await openPage(env.browser, contextOptions);
  const ourErrors: string[] = [];
  const apiRequests: Request[] = [];
  watched.page.on("console", (message) => {
    if (message.type() === "error" && message.text().startsWith("Обращение не отправлено")) {
      ourErrors.push(message.text());
    }
  });
  watched.page.on("request", (request) => {
    if (new URL(request.url()).pathname === apiPath) apiRequests.push(request);
  });
  await watched.page.goto(url);
  if (contextOptions.javaScriptEnabled !== false) {
    await watched.page.locator("form.appeal-form[data-enhanced]").waitFor();
  }
  return { ...watched, ourErrors, apiRequests };
}

export function field(page: Page, name: keyof Appeal) {
  return page.locator(`form.appeal-form [name="${name}"]`);
}

export function submitButton(page: Page) {
  return page.locator("form.appeal-form button[type=submit]");
}

export async function fillAppeal(page: Page, appeal: Partial<Appeal>) {
  if (appeal.first_name !== undefined)
    await page.getByLabel("Имя", { exact: true }).fill(appeal.first_name);
  if (appeal.last_name !== undefined)
    await page.getByLabel("Фамилия", { exact: true }).fill(appeal.last_name);
  if (appeal.email !== undefined) await page.getByLabel("Электронная почта").fill(appeal.email);
  if (appeal.phone !== undefined) await page.getByLabel("Телефон").fill(appeal.phone);
  if (appeal.region) await page.getByLabel("Регион (необязательно)").selectOption(appeal.region);
  if (appeal.comment !== undefined) await page.getByLabel("Текст обращения").fill(appeal.comment);
  if (appeal.consent) await page.getByRole("checkbox", { name: /согласие на обработку/ }).check();
}

export async function formValues(page: Page) {
  return {
    first_name: await field(page, "first_name").inputValue(),
    last_name: await field(page, "last_name").inputValue(),
    email: await field(page, "email").inputValue(),
    phone: await field(page, "phone").inputValue(),
    region: await field(page, "region").inputValue(),
    comment: await field(page, "comment").inputValue(),
    consent: await field(page, "consent").isChecked(),
  };
}

/** The per-field messages shown, by field name. */
export async function fieldMessages(page: Page): Promise<Record<string, string>> {
  const messages: Record<string, string> = {};
  for (const message of await page.locator("form.appeal-form .form-error").all()) {
    const id = (await message.getAttribute("id")) ?? "";
    messages[id.replace(/-error$/, "")] =
      (await message.textContent())?.replace("Ошибка: ", "") ?? "";
  }
  return messages;
}

/** A route that holds the API request until `release()`; then it goes on to the real server. */
export async function holdApi(
  page: Page,
  then: (route: Route) => Promise<void> = (route) => route.continue(),
) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${apiPath}`, async (route) => {
    await released;
    await then(route);
  });
  return { release };
}

/** Clicks submit and resolves with the API request it sends (listening before the click). */
export async function submitAndSeeRequest(page: Page): Promise<Request> {
  const seen = page.waitForRequest((request) => new URL(request.url()).pathname === apiPath);
  await submitButton(page).click();
  return seen;
}
