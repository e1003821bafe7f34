// POST /api/users/appeals/ against a real store: the same suite on SQLite and on PostgreSQL.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { after, before, describe, test } from "node:test";
import { promisify } from "node:util";
import { appealFileMessages } from "../../domain/appeals/appeal-files.ts";
import { messages, requiredMessage } from "../../domain/appeals/appeal-schema.ts";
import { consentTextVersion } from "../../domain/appeals/consent-text.ts";
import {
  type NamedFile,
  pdfOfSize,
  postAppealWithFiles,
  sampleExecutable,
  sampleJpeg,
  samplePdf,
  sha256,
} from "../../tests/support/appeal-files.ts";
import { startTestApp, type TestApp, validAppeal } from "../../tests/support/test-app.ts";
import { type TestDatabase, testDatabaseKinds } from "../../tests/support/test-databases.ts";
import { problemMessages } from "../http/problem-answer.ts";
import { apiMessages } from "./api-routes.ts";
import { rateLimitedMessage } from "./appeal-service.ts";
import { storeAppeal } from "./store-appeal.ts";

const run = promisify(execFile);
const path = "/api/users/appeals/";
// Version 7: time-ordered (new rows land at the end of the id index), 74 random bits (not
// guessable). The honeypot's invented ids look the same, so a bot cannot tell it was caught.
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const numberPattern = /^А-\d{4}-\d{6}$/;

function postJson(testApp: TestApp, body: unknown, headers: Record<string, string> = {}) {
  return testApp.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/json", accept: "application/json", ...headers },
    payload: typeof body === "string" ? body : JSON.stringify(body),
  });
}

function postForm(testApp: TestApp, fields: Record<string, string> | string) {
  return testApp.app.inject({
    method: "POST",
    url: path,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: typeof fields === "string" ? fields : new URLSearchParams(fields).toString(),
  });
}

for (const kind of testDatabaseKinds) {
  describe(`appeals API on ${kind.name}`, () => {
    let database: TestDatabase;
    let site: TestApp;

    before(async () => {
      database = await kind.create();
      site = await startTestApp({ databaseUrl: database.url });
    });
    after(async () => {
      await site?.close();
      await database?.drop();
    });

    async function count() {
      return (await site.data.appeals.list()).length;
    }

    describe("a valid appeal", () => {
      test("201 with { id, number, acknowledged }, no-store, and everything stored with consent evidence", async () => {
        const before = await count();
        const response = await postJson(
          site,
          validAppeal({
            first_name: "  Анна-Мария ",
            comment: "  Текст обращения.\nВторая строка. ",
          }),
          { "user-agent": "Mozilla/5.0 (test)" },
        );
        assert.equal(response.statusCode, 201);
        assert.equal(response.headers["cache-control"], "no-store");
        assert.match(String(response.headers["content-type"]), /^application\/json/);
        const body = response.json();
        assert.deepEqual(Object.keys(body).sort(), ["acknowledged", "id", "number"]);
        assert.equal(body.acknowledged, true);
        assert.match(body.id, uuidPattern);
        assert.match(body.number, numberPattern);

        const appeals = await site.data.appeals.list();
        assert.equal(appeals.length, before + 1);
        const stored = appeals.at(-1);
        assert.ok(stored);
        assert.equal(stored.id, body.id);
        assert.equal(stored.number, body.number);
        assert.equal(stored.first_name, "Анна-Мария");
        assert.equal(stored.last_name, "Д’Артаньян");
        assert.equal(stored.email, "anna.maria@example.ru");
        assert.equal(stored.phone, "+7 (912) 345-67-89");
        assert.equal(stored.phone_normalized, "+79123456789");
        assert.equal(stored.region, "43 - Кировская область");
        assert.equal(stored.comment, "Текст обращения.\nВторая строка.");
        assert.equal(stored.consent, true);
        // Consent evidence (152-ФЗ).
        assert.equal(stored.client_ip, "127.0.0.1");
        assert.equal(stored.user_agent, "Mozilla/5.0 (test)");
        assert.equal(stored.consent_text_version, consentTextVersion);
        assert.ok(Math.abs(Date.parse(stored.consent_at) - Date.now()) < 60_000);
        assert.equal(stored.created_at, stored.consent_at);
        assert.equal(new Date(stored.created_at).toISOString(), stored.created_at);
      });

      test("the address without the trailing slash works the same", async () => {
        const response = await site.app.inject({
          method: "POST",
          url: "/api/users/appeals",
          headers: { "content-type": "application/json" },
          payload: JSON.stringify(validAppeal()),
        });
        assert.equal(response.statusCode, 201);
        assert.equal(response.headers["cache-control"], "no-store");
      });

      test("registration numbers are unique and increasing, also when sent at once", async () => {
        const responses = await Promise.all(
          Array.from({ length: 8 }, () => postJson(site, validAppeal())),
        );
        const numbers = responses.map((response) => {
          assert.equal(response.statusCode, 201);
          return response.json().number as string;
        });
        assert.equal(new Set(numbers).size, numbers.length);
        const stored = (await site.data.appeals.list()).map((appeal) => appeal.number);
        assert.deepEqual([...stored].sort(), stored, "stored in number order");
        for (const number of numbers) assert.ok(stored.includes(number));
      });

      const accepted: Array<[string, Record<string, unknown>, Partial<Record<string, string>>]> = [
        ["phone +7 9123456789", { phone: "+7 9123456789" }, { phone_normalized: "+79123456789" }],
        [
          "phone 8 (912) 345-67-89",
          { phone: "8 (912) 345-67-89" },
          { phone_normalized: "+79123456789" },
        ],
        ["phone 89123456789", { phone: "89123456789" }, { phone_normalized: "+79123456789" }],
        [
          "phone 8-912-345-67-89",
          { phone: "8-912-345-67-89" },
          { phone_normalized: "+79123456789" },
        ],
        [
          "phone +7 (8332) 64-12-34",
          { phone: "+7 (8332) 64-12-34" },
          { phone_normalized: "+78332641234" },
        ],
        ["phone 912 345 67 89", { phone: "912 345 67 89" }, { phone_normalized: "+79123456789" }],
        [
          "phone 8 800 100-00-00",
          { phone: "8 800 100-00-00" },
          { phone_normalized: "+78001000000" },
        ],
        ["region empty", { region: "" }, { region: "" }],
        ["region absent", { region: undefined }, { region: "" }],
        ["region 99 - г. Байконур", { region: "99 - г. Байконур" }, { region: "99 - г. Байконур" }],
        [
          "region 01",
          { region: "1 - Республика Адыгея (Адыгея)" },
          { region: "1 - Республика Адыгея (Адыгея)" },
        ],
        [
          "Latin names with an apostrophe",
          { first_name: "Mary Ann", last_name: "O'Brien" },
          { last_name: "O'Brien" },
        ],
        ["names with ё", { first_name: "Алёна", last_name: "Сёмина" }, { first_name: "Алёна" }],
        [
          "a Tatar name",
          { first_name: "Гөлназ", last_name: "Шәрәфетдинова" },
          { first_name: "Гөлназ", last_name: "Шәрәфетдинова" },
        ],
        ["a Chuvash name", { first_name: "Ӑнтон" }, { first_name: "Ӑнтон" }],
        [
          "a Polish name with a dot",
          { first_name: "J. Łukasz", last_name: "Żółć" },
          { first_name: "J. Łukasz", last_name: "Żółć" },
        ],
        ["a Georgian name", { last_name: "გიორგაძე" }, { last_name: "გიორგაძე" }],
        [
          "a name typed with a combining mark, stored in NFC",
          { first_name: "Zoe\u0308" },
          { first_name: "Zo\u00eb" },
        ],
        [
          "injection-looking text in the comment, stored verbatim",
          { comment: "<script>alert(1)</script> '; DROP TABLE appeals; -- {{7*7}} #{x}" },
          { comment: "<script>alert(1)</script> '; DROP TABLE appeals; -- {{7*7}} #{x}" },
        ],
        ["a 100-letter name", { last_name: "Я".repeat(100) }, { last_name: "Я".repeat(100) }],
        ["an e-mail on a Cyrillic domain", { email: "иван@почта.рф" }, { email: "иван@почта.рф" }],
        [
          "an e-mail with + and subdomains",
          { email: "ivan+appeal@mail.kirov.ru" },
          { email: "ivan+appeal@mail.kirov.ru" },
        ],
        ["a 5000-character comment", { comment: "ж".repeat(5000) }, { comment: "ж".repeat(5000) }],
      ];
      for (const [name, change, expected] of accepted) {
        test(`accepted: ${name}`, async () => {
          const body = validAppeal(change);
          for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
          const response = await postJson(site, body);
          assert.equal(response.statusCode, 201, response.body);
          const stored = (await site.data.appeals.list()).find(
            (appeal) => appeal.id === response.json().id,
          );
          assert.ok(stored);
          for (const [key, value] of Object.entries(expected)) {
            assert.equal(stored[key as keyof typeof stored], value, key);
          }
        });
      }
    });

    describe("bad input: 400 with one Russian message per field, nothing stored", () => {
      test("an empty object: the six required fields say 'Это обязательное поле'", async () => {
        const before = await count();
        const response = await postJson(site, {});
        assert.equal(response.statusCode, 400);
        assert.equal(response.headers["cache-control"], "no-store");
        assert.deepEqual(response.json(), {
          errors: {
            first_name: requiredMessage,
            last_name: requiredMessage,
            email: requiredMessage,
            phone: requiredMessage,
            comment: requiredMessage,
            consent: requiredMessage,
          },
        });
        assert.equal(await count(), before);
      });

      const refused: Array<[string, Record<string, unknown>, string, string]> = [
        ["blank first name", { first_name: "   " }, "first_name", requiredMessage],
        ["null first name", { first_name: null }, "first_name", requiredMessage],
        ["a digit in the first name", { first_name: "Иван3" }, "first_name", messages.firstName],
        ["only a hyphen as first name", { first_name: "-" }, "first_name", messages.firstName],
        [
          "a 101-letter first name",
          { first_name: "а".repeat(101) },
          "first_name",
          messages.firstName,
        ],
        ["a number as first name", { first_name: 42 }, "first_name", messages.wrongType],
        ["punctuation in the last name", { last_name: "Smith!" }, "last_name", messages.lastName],
        ["an object as last name", { last_name: { name: "x" } }, "last_name", messages.wrongType],
        ["an empty e-mail", { email: "" }, "email", requiredMessage],
        ["an e-mail without @", { email: "ivan.example.ru" }, "email", messages.email],
        ["an e-mail without a domain", { email: "ivan@localhost" }, "email", messages.email],
        ["an e-mail with two dots", { email: "ivan..petrov@example.ru" }, "email", messages.email],
        ["an e-mail with a space", { email: "ivan petrov@example.ru" }, "email", messages.email],
        [
          "a 65-character local part",
          { email: `${"a".repeat(65)}@example.ru` },
          "email",
          messages.email,
        ],
        [
          "a 255-character e-mail",
          { email: `ivan@${["a", "b", "c", "d"].map((letter) => letter.repeat(61)).join(".")}.ru` },
          "email",
          messages.emailTooLong,
        ],
        ["an e-mail in a list", { email: ["ivan@example.ru"] }, "email", messages.wrongType],
        ["an empty phone", { phone: " " }, "phone", requiredMessage],
        ["a short phone", { phone: "64-12-34" }, "phone", messages.phone],
        ["a US phone", { phone: "+1 212 555 0100" }, "phone", messages.phone],
        ["a Kazakh +7 7xx phone", { phone: "+7 701 234 5678" }, "phone", messages.phone],
        ["letters in the phone", { phone: "+7 912 ABC-67-89" }, "phone", messages.phone],
        ["a phone as a number", { phone: 79123456789 }, "phone", messages.wrongType],
        ["a region not on the list", { region: "Кировская область" }, "region", messages.region],
        [
          "a region in another case",
          { region: "43 - кировская область" },
          "region",
          messages.region,
        ],
        ["a region code only", { region: "43" }, "region", messages.region],
        ["a region as a number", { region: 43 }, "region", messages.region],
        ["an empty comment", { comment: "" }, "comment", requiredMessage],
        ["a blank comment", { comment: " \n\t " }, "comment", requiredMessage],
        [
          "a 5001-character comment",
          { comment: "ж".repeat(5001) },
          "comment",
          messages.commentTooLong,
        ],
        ["a comment as a number", { comment: 5 }, "comment", messages.wrongType],
        // PostgreSQL refuses NUL where SQLite keeps it: both stores must accept the same appeals.
        ["a NUL in the comment", { comment: "a\u0000b" }, "comment", messages.controlCharacters],
        [
          "an escape sequence in the comment",
          { comment: "\u001b[2J\u001b]0;title\u0007" },
          "comment",
          messages.controlCharacters,
        ],
        [
          "a NUL in the first name",
          { first_name: "Анна\u0000" },
          "first_name",
          messages.controlCharacters,
        ],
        ["consent false", { consent: false }, "consent", requiredMessage],
        ["consent absent", { consent: undefined }, "consent", requiredMessage],
        ["consent as the string 'true'", { consent: "true" }, "consent", messages.consent],
        ["consent as 1", { consent: 1 }, "consent", messages.consent],
      ];
      for (const [name, change, field, message] of refused) {
        test(`refused: ${name} -> ${field}`, async () => {
          const before = await count();
          const response = await postJson(site, validAppeal(change));
          assert.equal(response.statusCode, 400);
          assert.deepEqual(response.json(), { errors: { [field]: message } });
          assert.equal(await count(), before);
        });
      }

      test("an unknown field is refused and named", async () => {
        const response = await postJson(site, validAppeal({ patronymic: "Ивановна" }));
        assert.equal(response.statusCode, 400);
        assert.deepEqual(response.json(), { errors: { _form: "Неизвестные поля: patronymic" } });
      });

      test("a body that is not an object: 400", async () => {
        for (const body of ["[]", "null", '"appeal"', "42"]) {
          const response = await postJson(site, body);
          assert.equal(response.statusCode, 400, body);
          assert.deepEqual(response.json(), { errors: { _form: messages.notAnObject } }, body);
        }
      });

      test("malformed JSON, an empty body, a __proto__ key: 400, never 5xx", async () => {
        for (const body of ['{"first_name": "Иван",', "", "{'a': 1}", '{"__proto__": {"x": 1}}']) {
          const response = await postJson(site, body);
          assert.equal(response.statusCode, 400, body);
          assert.equal(response.headers["cache-control"], "no-store");
          assert.ok(response.json().errors._form, body);
        }
        const malformed = await postJson(site, "{");
        assert.deepEqual(malformed.json(), { errors: { _form: apiMessages.malformed } });
      });
    });

    describe("body size and content type", () => {
      test("a body over 16 KB: 413 with a Russian message", async () => {
        const response = await postJson(site, validAppeal({ comment: "x".repeat(17 * 1024) }));
        assert.equal(response.statusCode, 413);
        assert.equal(response.headers["cache-control"], "no-store");
        assert.deepEqual(response.json(), { errors: { _form: apiMessages.tooLarge } });
      });

      test("another content type: 415 (text/plain, XML, none)", async () => {
        const cases: Array<Record<string, string>> = [
          { "content-type": "text/plain" },
          { "content-type": "application/xml" },
          {},
        ];
        for (const headers of cases) {
          const response = await site.app.inject({
            method: "POST",
            url: path,
            headers,
            payload: JSON.stringify(validAppeal()),
          });
          assert.equal(response.statusCode, 415, JSON.stringify(headers));
          assert.deepEqual(response.json(), { errors: { _form: apiMessages.unsupportedType } });
        }
      });

      test("a URL-encoded form is refused: the API takes JSON only (415), nothing stored", async () => {
        const before = await count();
        const fields = Object.fromEntries(
          Object.entries(validAppeal({ consent: "on" })).map(([key, value]) => [
            key,
            String(value),
          ]),
        );
        const response = await postForm(site, fields);
        assert.equal(response.statusCode, 415, response.body);
        assert.deepEqual(response.json(), { errors: { _form: apiMessages.unsupportedType } });
        assert.equal(await count(), before);
      });

      test("other methods on the address: 405 with Allow: POST", async () => {
        for (const method of [
          "GET",
          "HEAD",
          "PUT",
          "PATCH",
          "DELETE",
          "OPTIONS",
          "TRACE",
        ] as const) {
          for (const url of [path, path.slice(0, -1)]) {
            const response = await site.app.inject({ method, url });
            assert.equal(response.statusCode, 405, `${method} ${url}`);
            assert.equal(response.headers.allow, "POST", `${method} ${url}`);
            assert.equal(response.headers["cache-control"], "no-store");
          }
        }
      });
    });

    describe("another site cannot file an appeal through a visitor's browser", () => {
      const attacks: Array<[string, Record<string, string>]> = [
        ["Origin of another site", { origin: "https://evil.example" }],
        ["Origin null (sandboxed frame)", { origin: "null" }],
        ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
        ["Sec-Fetch-Site: same-site", { "sec-fetch-site": "same-site" }],
        [
          "a same-looking Origin with another port",
          { origin: "http://localhost:8001", host: "localhost:8000" },
        ],
        [
          "Origin of a localhost page, but the development exception is off",
          { origin: "http://localhost:5173", host: "localhost:8000" },
        ],
      ];
      for (const [name, headers] of attacks) {
        test(`${name}: 403 in Russian, nothing stored`, async () => {
          const before = await count();
          for (const contentType of [
            "application/json",
            "application/x-www-form-urlencoded",
            "text/plain",
          ]) {
            const response = await site.app.inject({
              method: "POST",
              url: path,
              headers: { "content-type": contentType, ...headers },
              payload: JSON.stringify(validAppeal()),
            });
            assert.equal(response.statusCode, 403, contentType);
            assert.deepEqual(response.json(), {
              errors: { _form: problemMessages.crossOrigin },
            });
            assert.equal(response.headers["access-control-allow-origin"], undefined);
          }
          assert.equal(await count(), before);
        });
      }

      test("the page's own origin and Sec-Fetch-Site: same-origin are accepted", async () => {
        const response = await postJson(site, validAppeal(), {
          origin: "http://agrochem.example",
          host: "agrochem.example",
          "sec-fetch-site": "same-origin",
        });
        assert.equal(response.statusCode, 201, response.body);
        assert.equal(response.headers["access-control-allow-origin"], undefined);
      });

      test("in development a localhost page on another port may post, with CORS for it alone", async () => {
        const development = await startTestApp({
          databaseUrl: database.url,
          allowLocalhostOrigins: true,
        });
        try {
          const fromDevServer = {
            origin: "http://localhost:5173",
            host: "localhost:8000",
            "sec-fetch-site": "same-site",
          };
          const preflight = await development.app.inject({
            method: "OPTIONS",
            url: path,
            headers: { ...fromDevServer, "access-control-request-method": "POST" },
          });
          assert.equal(preflight.statusCode, 204);
          assert.equal(preflight.headers["access-control-allow-origin"], "http://localhost:5173");
          assert.equal(preflight.headers["access-control-allow-methods"], "POST");
          assert.equal(preflight.headers["access-control-allow-headers"], "content-type, accept");
          const response = await postJson(development, validAppeal(), fromDevServer);
          assert.equal(response.statusCode, 201, response.body);
          assert.equal(response.headers["access-control-allow-origin"], "http://localhost:5173");
          assert.match(String(response.headers.vary), /origin/i);

          // Not for other sites, and not when the server is reached under a public name.
          for (const headers of [
            { origin: "https://evil.example", host: "localhost:8000" },
            { origin: "http://localhost.evil.example", host: "localhost:8000" },
            { origin: "http://localhost:5173", host: "agrochem.example" },
          ]) {
            const refused = await postJson(development, validAppeal(), headers);
            assert.equal(refused.statusCode, 403, JSON.stringify(headers));
            assert.equal(refused.headers["access-control-allow-origin"], undefined);
          }
        } finally {
          await development.close();
        }
      });
    });

    describe("abuse", () => {
      test("the honeypot: a filled one answers like success and stores nothing", async () => {
        const before = await count();
        const response = await postJson(site, validAppeal({ website: "http://spam.example" }));
        assert.equal(response.statusCode, 201);
        assert.match(response.json().id, uuidPattern);
        assert.match(response.json().number, numberPattern);
        assert.equal(await count(), before);
      });

      test("the honeypot left empty is no obstacle", async () => {
        const before = await count();
        const response = await postJson(site, validAppeal({ website: "" }));
        assert.equal(response.statusCode, 201);
        assert.equal(await count(), before + 1);
      });

      test("no personal data in any log line", async () => {
        const marker = "Уникальнова";
        await postJson(site, validAppeal({ last_name: marker, email: "marker-42@example.ru" }));
        await postJson(site, validAppeal({ last_name: marker, phone: "+7 999 000-11-22 5" }));
        await postJson(site, { last_name: marker, email: "marker-42@example.ru" });
        const log = site.logLines.join("");
        assert.ok(site.logLines.length >= 3, "requests are logged");
        for (const secret of [marker, "marker-42", "999 000", "127.0.0.1", "Слободском"]) {
          assert.ok(!log.includes(secret), `log holds ${secret}`);
        }
        assert.match(log, /"path":"\/api\/users\/appeals\/"/);
      });
    });

    describe("rate limit per client address", () => {
      test("after N a minute: 429 with a Russian message and Retry-After; others unaffected", async () => {
        const limited = await startTestApp({
          databaseUrl: database.url,
          rateLimit: { perMinute: 3, perDay: 100 },
        });
        try {
          const statuses: number[] = [];
          for (let index = 0; index < 5; index += 1) {
            statuses.push((await postJson(limited, validAppeal())).statusCode);
          }
          assert.deepEqual(statuses, [201, 201, 201, 429, 429]);
          const refused = await postJson(limited, validAppeal());
          assert.equal(refused.statusCode, 429);
          assert.deepEqual(refused.json(), { errors: { _form: rateLimitedMessage } });
          const retryAfter = Number(refused.headers["retry-after"]);
          assert.ok(retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`);
          assert.equal(refused.headers["cache-control"], "no-store");
          // Invalid attempts count too: a bot cannot probe the schema for free.
          const fromElsewhere = await limited.app.inject({
            method: "POST",
            url: path,
            headers: { "content-type": "application/json" },
            payload: JSON.stringify({ first_name: "x" }),
            remoteAddress: "203.0.113.7",
          });
          assert.equal(fromElsewhere.statusCode, 400);
        } finally {
          await limited.close();
        }
      });

      test("an appeal with five files is one attempt; a refused upload is one too, as an invalid appeal is", async () => {
        const limited = await startTestApp({
          databaseUrl: database.url,
          rateLimit: { perMinute: 3, perDay: 100 },
        });
        const pdfs = [1, 2, 3, 4, 5].map((n) => ({ name: `${n}.pdf`, content: samplePdf }));
        const renamed = [{ name: "отчёт.pdf", content: sampleExecutable }];
        try {
          const withFiles = await postAppealWithFiles(limited.app, validAppeal(), pdfs);
          assert.equal(withFiles.json().files.length, 5, withFiles.body);
          const statuses = [
            withFiles.statusCode,
            (await postAppealWithFiles(limited.app, validAppeal(), renamed)).statusCode,
            (await postJson(limited, validAppeal())).statusCode,
            (await postJson(limited, validAppeal())).statusCode,
          ];
          assert.deepEqual(statuses, [201, 415, 201, 429]);
          // Past the limit a refused upload is told so first, as an invalid JSON appeal is.
          const again = await postAppealWithFiles(limited.app, validAppeal(), renamed);
          assert.equal(again.statusCode, 429);
          assert.deepEqual(again.json(), { errors: { _form: rateLimitedMessage } });
        } finally {
          await limited.close();
        }
      });

      test("after N a day: 429", async () => {
        const limited = await startTestApp({
          databaseUrl: database.url,
          rateLimit: { perMinute: 100, perDay: 2 },
        });
        try {
          const statuses: number[] = [];
          for (let index = 0; index < 3; index += 1) {
            statuses.push((await postJson(limited, validAppeal())).statusCode);
          }
          assert.deepEqual(statuses, [201, 201, 429]);
        } finally {
          await limited.close();
        }
      });

      test("IPv6: rotating addresses inside one /64 does not escape the limit", async () => {
        const limited = await startTestApp({
          databaseUrl: database.url,
          rateLimit: { perMinute: 2, perDay: 100 },
        });
        try {
          const statuses: number[] = [];
          for (const remoteAddress of [
            "2001:db8:5:6::1",
            "2001:db8:5:6::2",
            "2001:db8:5:6:1234:5678:9abc:def0",
            "2001:db8:5:7::1",
          ]) {
            const response = await limited.app.inject({
              method: "POST",
              url: path,
              headers: { "content-type": "application/json" },
              payload: JSON.stringify(validAppeal()),
              remoteAddress,
            });
            statuses.push(response.statusCode);
          }
          assert.deepEqual(statuses, [201, 201, 429, 201], "the next /64 is another client");
        } finally {
          await limited.close();
        }
      });

      if (kind.name === "PostgreSQL") {
        test("two app servers on one PostgreSQL share one count per client", async () => {
          const shared = { databaseUrl: database.url, rateLimit: { perMinute: 3, perDay: 100 } };
          const name = `shared-${Date.now()}`;
          const first = await startTestApp({ ...shared, rateLimitName: name });
          const second = await startTestApp({ ...shared, rateLimitName: name });
          try {
            const statuses: number[] = [];
            for (const server of [first, second, first, second, first]) {
              statuses.push((await postJson(server, validAppeal())).statusCode);
            }
            assert.deepEqual(statuses, [201, 201, 201, 429, 429]);
          } finally {
            await first.close();
            await second.close();
          }
        });
      }

      test("behind a trusted proxy the client's address comes from X-Forwarded-For", async () => {
        const proxied = await startTestApp({
          databaseUrl: database.url,
          rateLimit: { perMinute: 1, perDay: 100 },
          trustProxy: 1,
        });
        try {
          const first = await postJson(proxied, validAppeal(), {
            "x-forwarded-for": "198.51.100.1",
          });
          const second = await postJson(proxied, validAppeal(), {
            "x-forwarded-for": "198.51.100.2",
          });
          const again = await postJson(proxied, validAppeal(), {
            "x-forwarded-for": "198.51.100.1",
          });
          assert.deepEqual(
            [first.statusCode, second.statusCode, again.statusCode],
            [201, 201, 429],
          );
          const stored = (await proxied.data.appeals.list()).find(
            (appeal) => appeal.id === second.json().id,
          );
          assert.equal(stored?.client_ip, "198.51.100.2");
        } finally {
          await proxied.close();
        }
      });

      test("without TRUST_PROXY a forged X-Forwarded-For changes nothing", async () => {
        const response = await postJson(site, validAppeal(), { "x-forwarded-for": "198.51.100.9" });
        await postJson(site, validAppeal(), { "x-forwarded-for": "198.51.100.10" });
        const stored = (await site.data.appeals.list()).find(
          (appeal) => appeal.id === response.json().id,
        );
        assert.equal(stored?.client_ip, "127.0.0.1");
        const warnings = site.logLines.filter((line) =>
          line.includes("TRUST_PROXY trusts no proxy"),
        );
        assert.equal(warnings.length, 1, "the operator is told once");
        assert.ok(!warnings[0]?.includes("198.51.100"), "without the forged address");
      });
    });

    describe("npm run appeals -- list", () => {
      const cli = (args: string[]) =>
        run(process.execPath, ["scripts/appeals-cli.ts", ...args], {
          env: { ...process.env, DATABASE_URL: database.url },
        });

      test("--json prints only the JSON array of every stored appeal", async () => {
        const { stdout, stderr } = await cli(["list", "--json"]);
        const listed = JSON.parse(stdout) as Array<Record<string, unknown>>;
        const stored = await site.data.appeals.list();
        assert.ok(stored.length > 10);
        assert.deepEqual(listed, JSON.parse(JSON.stringify(stored)));
        for (const field of [
          "first_name",
          "last_name",
          "email",
          "phone",
          "region",
          "comment",
          "consent",
          "number",
          "created_at",
        ]) {
          assert.ok(field in (listed[0] ?? {}), field);
        }
        assert.equal(stderr, "");
      });

      test("through npm: `npm run -s appeals -- list --json` prints only the JSON too", async () => {
        const { stdout } = await run("npm", ["run", "-s", "appeals", "--", "list", "--json"], {
          env: { ...process.env, DATABASE_URL: database.url },
        });
        assert.equal(JSON.parse(stdout).length, await count());
      });

      test("--since keeps the appeals of that day and later", async () => {
        const future = await cli(["list", "--json", "--since", "2999-01-01"]);
        assert.deepEqual(JSON.parse(future.stdout), []);
        const today = new Date().toISOString().slice(0, 10);
        const recent = await cli(["list", "--json", "--since", "2000-01-01"]);
        assert.equal(JSON.parse(recent.stdout).length, await count(), today);
      });

      test("the text listing shows numbers and fields", async () => {
        const { stdout } = await cli(["list"]);
        const last = (await site.data.appeals.list()).at(-1);
        assert.ok(last);
        assert.ok(stdout.includes(last.number));
        assert.match(stdout, /first_name: /);
        assert.match(stdout, new RegExp(`${await count()} appeal\\(s\\)\\.`));
      });

      test("the text listing shows control and escape characters, never sends them to the terminal", async () => {
        // Straight into the store, as an old or foreign row could be: the schema refuses these.
        const hostile =
          "Текст\u001b[2J\u001b]0;pwned\u0007 конец\rподмена\r\nвторая строка\tс табуляцией \u202eтекст\u0000";
        const { number } = await storeAppeal(site.data, {
          first_name: "Анна\u001b[31m",
          last_name: "Ли\u009b",
          email: "a@b.ru",
          phone: "+7 912 345-67-89",
          phone_normalized: "+79123456789",
          region: "",
          comment: hostile.replace("\u0000", ""),
          consent: true,
          consent_at: new Date(),
          consent_text_version: "test",
          client_ip: "127.0.0.1",
          user_agent: null,
          created_at: new Date(),
        });
        const { stdout } = await cli(["list"]);
        const listed = stdout.slice(stdout.indexOf(number));
        assert.doesNotMatch(listed, /[^\P{Cc}\n\t]|\u202e/u);
        assert.ok(listed.includes("first_name: Анна\\u{1b}[31m"), listed);
        assert.ok(listed.includes("last_name:  Ли\\u{9b}"), listed);
        assert.ok(
          listed.includes(
            "Текст\\u{1b}[2J\\u{1b}]0;pwned\\u{7} конец\\u{d}подмена\n              вторая строка\tс табуляцией \\u{202e}текст",
          ),
          listed,
        );
      });

      test("bad arguments: a clear message and exit code 2", async () => {
        // Each pattern is matched against the first line alone, the error: the usage printed
        // under it names every option, so a pattern such as /--since/ would match any failure.
        const cases: Array<[string[], RegExp]> = [
          [[], /^No command given\.$/],
          [["delete"], /^Unknown command "delete"\.$/],
          [["list", "--since", "22.11.2026"], /^--since "22\.11\.2026" is not a date/],
          [["list", "--since", "2026-02-30"], /^--since "2026-02-30" is not a date/],
          [["list", "--since"], /^Option '--since <value>' argument missing$/],
          [["list", "--csv"], /^Unknown option '--csv'/],
          [["list", "extra"], /^Unexpected argument "extra"\.$/],
        ];
        await Promise.all(
          cases.map(([args, message]) =>
            assert.rejects(cli(args), (error: { code: number; stderr: string; stdout: string }) => {
              assert.equal(error.code, 2, args.join(" "));
              assert.match(error.stderr.split("\n")[0] ?? "", message, args.join(" "));
              assert.match(error.stderr, /Usage: npm run appeals -- list/);
              assert.equal(error.stdout, "");
              return true;
            }),
          ),
        );
      });
    });

    describe("with files (multipart/form-data)", () => {
      const postFiles = (files: readonly NamedFile[], fields = validAppeal()) =>
        postAppealWithFiles(site.app, fields, files);

      test("a PDF and a JPEG: 201, the appeal and both files stored byte for byte", async () => {
        const response = await postFiles(
          [
            { name: "Анализ почвы.pdf", content: samplePdf },
            { name: "поле.jpeg", content: sampleJpeg },
          ],
          // An address of its own: the others of this file are past the day's acknowledgements.
          validAppeal({ email: "with.files@example.ru" }),
        );
        assert.equal(response.statusCode, 201, response.body);
        const body = response.json();
        assert.equal(body.acknowledged, true);
        assert.deepEqual(body.files, [
          { name: "Анализ почвы.pdf", size: samplePdf.length },
          { name: "поле.jpeg", size: sampleJpeg.length },
        ]);
        const owner = { kind: "appeal", id: body.id } as const;
        const listed = await site.data.attachments.listOf(owner);
        assert.deepEqual(
          listed.map((file) => [file.fileName, file.mediaType, file.byteSize]),
          [
            ["Анализ почвы.pdf", "application/pdf", samplePdf.length],
            ["поле.jpeg", "image/jpeg", sampleJpeg.length],
          ],
        );
        const read = await Promise.all(
          listed.map((file) => site.data.attachments.read(body.id, file.id)),
        );
        assert.deepEqual(
          read.map((file) => sha256(file?.content ?? Buffer.alloc(0))),
          [sha256(samplePdf), sha256(sampleJpeg)],
        );
      });

      test("text, RTF, DOC and XLS are recognised by content; a name that lies gets the real extension", async () => {
        const compound = (stream: string) =>
          Buffer.concat([
            Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
            Buffer.alloc(504, 0),
            Buffer.from(stream, "utf16le"),
            Buffer.alloc(64, 0),
          ]);
        const response = await postFiles([
          { name: "заметка.txt", content: Buffer.from("Поле № 3: кислотность 5,2\n") },
          { name: "письмо.rtf", content: Buffer.from("{\\rtf1\\ansi Привет}") },
          { name: "договор.doc", content: compound("WordDocument") },
          { name: "таблица.xls", content: compound("Workbook") },
          { name: "скан.jpg", content: samplePdf },
        ]);
        assert.equal(response.statusCode, 201, response.body);
        const listed = await site.data.attachments.listOf({
          kind: "appeal",
          id: response.json().id,
        });
        assert.deepEqual(
          listed.map((file) => [file.fileName, file.mediaType]),
          [
            ["заметка.txt", "text/plain"],
            ["письмо.rtf", "application/rtf"],
            ["договор.doc", "application/msword"],
            ["таблица.xls", "application/vnd.ms-excel"],
            ["скан.jpg.pdf", "application/pdf"],
          ],
        );
      });

      test("an executable named .pdf, a sixth file, 10 MB + 1: 4xx naming the file, nothing stored", async () => {
        const before = await count();
        const small = (n: number) => ({ name: `${n}.pdf`, content: samplePdf });
        const cases: Array<[NamedFile[], number, string]> = [
          [
            [small(1), { name: "отчёт.pdf", content: sampleExecutable }],
            415,
            appealFileMessages.wrongType("отчёт.pdf"),
          ],
          [[1, 2, 3, 4, 5, 6].map(small), 413, appealFileMessages.tooManyWith("6.pdf")],
          [
            [
              small(1),
              { name: "большой.pdf", content: pdfOfSize(10 * 1024 * 1024 + 1 - samplePdf.length) },
            ],
            413,
            appealFileMessages.tooLargeWith("большой.pdf"),
          ],
        ];
        for (const [files, status, message] of cases) {
          const response = await postFiles(files);
          assert.equal(response.statusCode, status, message);
          assert.deepEqual(response.json(), { errors: { files: message } });
        }
        assert.equal(await count(), before);
      });

      test("a multipart appeal is judged by the same rules: a bad field is 400, nothing stored", async () => {
        const before = await count();
        const response = await postFiles(
          [{ name: "a.pdf", content: samplePdf }],
          validAppeal({ email: "нет", consent: false }),
        );
        assert.equal(response.statusCode, 400);
        const { errors } = response.json();
        assert.equal(errors.consent, requiredMessage);
        assert.ok(errors.email);
        assert.equal(await count(), before);
      });
    });
  });
}
