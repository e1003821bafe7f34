// The appeal form in Chromium (spec, sections 4, 5, 7, 8; issue 4): validation on submit, the
// request it sends, its states, the answers it shows, and the same form without JavaScript. Its
// files, on both stores: appeals-files.test.ts.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { Page, Route } from "playwright-core";
import {
  apiPath,
  field,
  fieldMessages,
  fillAppeal,
  formValues,
  holdApi,
  openAppeals,
  sampleAppeal,
  submitAndSeeRequest,
  submitButton,
} from "./appeal-form-page.ts";
import { axeViolations } from "./axe.ts";
import { siteAndBrowserForTests, startSite } from "./harness.ts";

const required = "Это обязательное поле";
const success = "Обращение успешно отправлено";
const failure = "Во время отправки формы произошла ошибка, попробуйте ещё раз";
const requiredFields = ["first_name", "last_name", "email", "phone", "comment", "consent"];
const green = "rgb(0, 112, 60)"; // --color-success
const red = "rgb(179, 38, 30)"; // --color-error

const env = siteAndBrowserForTests();

/** The spec: each message under its field, i.e. below the control (the checkbox with its label). */
async function assertMessagesUnderFields(page: Page, names: readonly string[]) {
  for (const name of names) {
    const control = page.locator(name === "consent" ? ".form-checkbox" : `#${name}`);
    const controlBox = await control.boundingBox();
    const messageBox = await page.locator(`#${name}-error`).boundingBox();
    assert.ok(controlBox && messageBox, name);
    assert.ok(
      messageBox.y >= controlBox.y + controlBox.height - 1,
      `${name}: the message (top ${messageBox.y}) is under the field (bottom ${controlBox.y + controlBox.height})`,
    );
  }
}

async function activeElementId(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.id ?? "");
}

async function colorOf(page: Page, selector: string): Promise<string> {
  return page.locator(selector).evaluate((element) => getComputedStyle(element).color);
}

describe("appeal form with JavaScript", () => {
  test("an empty submit shows the six messages, focuses the summary, and sends nothing", async () => {
    const watched = await openAppeals(env);
    const { page } = watched;
    try {
      assert.equal(
        await field(page, "region").inputValue(),
        "",
        "region starts on the placeholder",
      );
      assert.equal(
        (await page.locator("#region option:checked").textContent())?.trim(),
        "Выберите регион",
      );
      await submitButton(page).click();
      await page.locator(".error-summary").waitFor();

      assert.deepEqual(
        await fieldMessages(page),
        Object.fromEntries(requiredFields.map((name) => [name, required])),
      );
      await assertMessagesUnderFields(page, requiredFields);
      for (const name of requiredFields) {
        const control = page.locator(`#${name}`);
        assert.equal(await control.getAttribute("aria-invalid"), "true", name);
        assert.match(
          (await control.getAttribute("aria-describedby")) ?? "",
          new RegExp(`\\b${name}-error\\b`),
        );
      }
      assert.equal(await page.locator("#region").getAttribute("aria-invalid"), null);

      assert.equal(await page.evaluate(() => document.activeElement?.className), "error-summary");
      assert.equal(await page.locator(".error-summary h2").textContent(), "Есть ошибки");
      const links = await page
        .locator(".error-summary a")
        .evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute("href")));
      assert.deepEqual(
        links,
        requiredFields.map((name) => `#${name}`),
      );
      await page.locator('.error-summary a[href="#email"]').click();
      assert.equal(await activeElementId(page), "email", "a summary link focuses its field");

      assert.deepEqual(await axeViolations(page), []);
      await page.waitForTimeout(300);
      assert.equal(watched.apiRequests.length, 0, "nothing is sent");
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
    }
  });

  test("a valid submit sends the spec's request, shows a spinner, then the green message, clears the form and stores the appeal", async () => {
    const watched = await openAppeals(env);
    const { page } = watched;
    const appeal = sampleAppeal();
    try {
      await fillAppeal(page, appeal);
      const hold = await holdApi(page);
      const request = await submitAndSeeRequest(page);

      assert.equal(request.method(), "POST");
      assert.equal(request.url(), `${env.site.baseUrl}${apiPath}`);
      const headers = await request.allHeaders();
      assert.equal(headers.accept, "application/json");
      assert.equal(headers["content-type"], "application/json");
      const body = JSON.parse(request.postData() ?? "null");
      assert.deepEqual(Object.keys(body).sort(), Object.keys(appeal).sort());
      assert.deepEqual(body, appeal);

      // In flight: the button is disabled and shows the spinner.
      assert.equal(await submitButton(page).isDisabled(), true);
      assert.equal((await submitButton(page).textContent())?.trim(), "Отправка…");
      assert.equal(await page.locator("form.appeal-form button .spinner").isVisible(), true);

      hold.release();
      const message = page.locator(".form-status__message--success");
      await message.waitFor();
      assert.match((await message.textContent()) ?? "", new RegExp(`^${success}`));
      assert.equal(await colorOf(page, ".form-status__message--success"), green);
      assert.equal(await page.locator('[role="status"]').count(), 1, "the live region");
      assert.match(
        (await page.locator('[role="status"]').textContent()) ?? "",
        /Регистрационный номер: А-\d{4}-\d{6}/,
      );
      assert.equal(await activeElementId(page), "appeal-status-message");

      assert.deepEqual(await formValues(page), {
        first_name: "",
        last_name: "",
        email: "",
        phone: "",
        region: "",
        comment: "",
        consent: false,
      });
      assert.equal(await submitButton(page).isDisabled(), false);
      assert.equal(watched.apiRequests.length, 1);
      assert.deepEqual(await axeViolations(page), []);
      assert.deepEqual(watched.consoleErrors, []);

      const stored = (await env.site.data.appeals.list()).find((row) => row.email === appeal.email);
      assert.ok(stored, "the appeal is in the store");
      assert.equal(stored.first_name, appeal.first_name);
      assert.equal(stored.region, appeal.region);
      assert.equal(stored.comment, appeal.comment);
      assert.equal(stored.consent, true);
    } finally {
      await watched.close();
    }
  });

  for (const [name, answer] of [
    [
      "a 500 answer",
      (route: Route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }),
    ],
    ["a network failure", (route: Route) => route.abort("failed")],
  ] as const) {
    test(`${name} shows the red message, logs once and retries nothing`, async () => {
      const watched = await openAppeals(env);
      const { page } = watched;
      const appeal = sampleAppeal();
      try {
        await page.route(`**${apiPath}`, answer);
        await fillAppeal(page, appeal);
        await submitButton(page).click();
        const message = page.locator(".form-status__message--failure");
        await message.waitFor();
        assert.equal((await message.textContent())?.trim(), failure);
        assert.equal(await colorOf(page, ".form-status__message--failure"), red);
        await page.waitForTimeout(1000);
        assert.equal(watched.apiRequests.length, 1, "exactly one request: no retry");
        assert.equal(watched.ourErrors.length, 1, "console.error once");
        // Chromium's own line about the failed request is not ours; nothing else may appear.
        assert.deepEqual(
          watched.consoleErrors.filter(
            (text) =>
              !text.startsWith("Обращение не отправлено") &&
              !text.startsWith("Failed to load resource"),
          ),
          [],
        );
        assert.deepEqual(await formValues(page), appeal, "the answers are kept");
        assert.equal(await submitButton(page).isDisabled(), false);
      } finally {
        await watched.close();
      }
    });
  }

  test("the messages are cleared at the start of the next submission", async () => {
    const watched = await openAppeals(env);
    const { page } = watched;
    try {
      await page.route(`**${apiPath}`, (route) =>
        route.fulfill({ status: 503, json: { errors: {} } }),
      );
      await fillAppeal(page, sampleAppeal());
      await submitButton(page).click();
      await page.locator(".form-status__message--failure").waitFor();

      // Next submission, held in flight: the red message is gone.
      await page.unroute(`**${apiPath}`);
      let hold = await holdApi(page, (route) =>
        route.fulfill({ status: 201, json: { id: "x", number: "А-2026-000777" } }),
      );
      await submitAndSeeRequest(page);
      assert.equal(await submitButton(page).isDisabled(), true);
      assert.equal(await page.locator(".form-status__message").count(), 0);
      assert.equal((await page.locator('[role="status"]').textContent())?.trim(), "");
      hold.release();
      await page.locator(".form-status__message--success").waitFor();

      // And the green one goes at the start of the one after.
      await page.unroute(`**${apiPath}`);
      hold = await holdApi(page, (route) => route.fulfill({ status: 500, body: "" }));
      await fillAppeal(page, sampleAppeal());
      await submitAndSeeRequest(page);
      assert.equal(await page.locator(".form-status__message").count(), 0);
      hold.release();
      await page.locator(".form-status__message--failure").waitFor();
      assert.equal(await page.locator(".form-status__message--success").count(), 0);
      assert.equal(watched.apiRequests.length, 3);
    } finally {
      await watched.close();
    }
  });

  test("a 400 answer shows the server's messages beside the fields and the red message", async () => {
    const watched = await openAppeals(env);
    const { page } = watched;
    try {
      const serverMessage = "Введите номер телефона России, например +7 912 345-67-89";
      await page.route(`**${apiPath}`, (route) =>
        route.fulfill({ status: 400, json: { errors: { phone: serverMessage } } }),
      );
      await fillAppeal(page, sampleAppeal());
      await submitButton(page).click();
      await page.locator(".form-status__message--failure").waitFor();
      assert.deepEqual(await fieldMessages(page), { phone: serverMessage });
      assert.equal(await page.locator("#phone").getAttribute("aria-invalid"), "true");
      assert.equal(await page.evaluate(() => document.activeElement?.className), "error-summary");
      assert.equal(watched.ourErrors.length, 1);
    } finally {
      await watched.close();
    }
  });

  test("on localhost the request goes to port 8000, and the development server answers its CORS", async () => {
    // A server in development mode stands in for the one on port 8000: the page's request to
    // localhost:8000 is passed to it unchanged (Origin included), and its own answer, CORS
    // headers and all, goes back to the browser, which enforces them.
    const development = await startSite({ allowLocalhostOrigins: true });
    const port = new URL(development.baseUrl).port;
    const watched = await openAppeals(env, { url: `http://localhost:${port}/appeals` });
    const { page } = watched;
    const seen: string[] = [];
    try {
      await page.route("http://localhost:8000/**", async (route) => {
        seen.push(`${route.request().method()} ${route.request().url()}`);
        const url = route.request().url().replace("http://localhost:8000", development.baseUrl);
        const response = await route.fetch({ url });
        await route.fulfill({ response });
      });
      const before = (await development.data.appeals.list()).length;
      await fillAppeal(page, sampleAppeal());
      const answer = page.waitForResponse((response) => response.request().method() === "POST");
      await submitButton(page).click();
      const headers = (await answer).headers();
      assert.equal(headers["access-control-allow-origin"], `http://localhost:${port}`);
      await page.locator(".form-status__message--success").waitFor();
      assert.ok(seen.includes("POST http://localhost:8000/api/users/appeals/"), seen.join(", "));
      assert.equal((await development.data.appeals.list()).length, before + 1);
      assert.deepEqual(watched.consoleErrors, []);
    } finally {
      await watched.close();
      await development.close();
    }
  });

  test("at 320 px the form with its messages fits the width", async () => {
    const watched = await openAppeals(env, { viewport: { width: 320, height: 640 } });
    const { page } = watched;
    try {
      await submitButton(page).click();
      await page.locator(".error-summary").waitFor();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      assert.equal(overflow, 0);
      const box = await submitButton(page).boundingBox();
      assert.ok(box && box.height >= 44, "the button is a large touch target");
    } finally {
      await watched.close();
    }
  });
});

describe("appeal form without JavaScript", () => {
  test("a filled form posts to /appeals, stores the appeal and shows the green message", async () => {
    const watched = await openAppeals(env, { javaScriptEnabled: false });
    const { page } = watched;
    const appeal = sampleAppeal({ region: "" });
    try {
      await fillAppeal(page, appeal);
      const response = page.waitForResponse(
        (answer) =>
          answer.request().method() === "POST" && new URL(answer.url()).pathname === "/appeals",
      );
      await submitButton(page).click();
      assert.equal((await response).status(), 200);
      await page.waitForLoadState();
      const message = page.locator(".form-status__message--success");
      assert.match(
        (await message.textContent()) ?? "",
        new RegExp(`^${success}Регистрационный номер: А-\\d{4}-\\d{6}`),
      );
      assert.equal(await colorOf(page, ".form-status__message--success"), green);
      assert.equal(await field(page, "email").inputValue(), "", "the form is empty again");
      assert.equal(await activeElementId(page), "appeal-status-message");
      assert.equal(watched.apiRequests.length, 0);

      const stored = (await env.site.data.appeals.list()).find((row) => row.email === appeal.email);
      assert.ok(stored, "the appeal is in the store");
      assert.equal(stored.consent, true);
      assert.equal(stored.region, "");
      assert.equal(stored.phone, appeal.phone);
    } finally {
      await watched.close();
    }
  });

  test("an empty form comes back with the six messages and the summary", async () => {
    const watched = await openAppeals(env, { javaScriptEnabled: false });
    const { page } = watched;
    try {
      const response = page.waitForResponse((answer) => answer.request().method() === "POST");
      await submitButton(page).click();
      assert.equal((await response).status(), 400);
      await page.waitForLoadState();
      assert.deepEqual(
        await fieldMessages(page),
        Object.fromEntries(requiredFields.map((name) => [name, required])),
      );
      await assertMessagesUnderFields(page, requiredFields);
      assert.equal(await page.locator(".error-summary a").count(), 6);
      // The summary takes focus without a script: the server's page marks it autofocus.
      assert.equal(await page.evaluate(() => document.activeElement?.className), "error-summary");
      assert.equal(await page.locator(".form-status__message").count(), 0);
    } finally {
      await watched.close();
    }
  });

  test("a partly filled form comes back with the answers kept and messages for the rest", async () => {
    const watched = await openAppeals(env, { javaScriptEnabled: false });
    const { page } = watched;
    const partial = {
      first_name: "Пётр",
      region: "43 - Кировская область",
      comment: "Текст\nв две строки",
    };
    try {
      await fillAppeal(page, partial);
      const response = page.waitForResponse((answer) => answer.request().method() === "POST");
      await submitButton(page).click();
      assert.equal((await response).status(), 400);
      await page.waitForLoadState();
      assert.deepEqual(Object.keys(await fieldMessages(page)).sort(), [
        "consent",
        "email",
        "last_name",
        "phone",
      ]);
      assert.deepEqual(await formValues(page), {
        first_name: "Пётр",
        last_name: "",
        email: "",
        phone: "",
        region: "43 - Кировская область",
        comment: "Текст\nв две строки",
        consent: false,
      });
      assert.equal(
        await page.locator("#last_name").getAttribute("aria-describedby"),
        "last_name-error",
      );
      assert.equal(await page.locator("#first_name").getAttribute("aria-invalid"), null);
    } finally {
      await watched.close();
    }
  });
});
