import assert from "node:assert/strict";
import { afterEach, describe, test } from "node:test";
import { appealsApiBase, submitAppeal } from "./submit-appeal.ts";

describe("appealsApiBase", () => {
  test("a local host uses port 8000 with the page's protocol", () => {
    const location = { hostname: "localhost", protocol: "http:", origin: "http://localhost:5173" };
    assert.equal(appealsApiBase(location), "http://localhost:8000");
  });

  test("any other host uses the page's own origin", () => {
    const location = {
      hostname: "agrochem.example.ru",
      protocol: "https:",
      origin: "https://agrochem.example.ru",
    };
    assert.equal(appealsApiBase(location), "https://agrochem.example.ru");
    const loopback = { hostname: "127.0.0.1", protocol: "http:", origin: "http://127.0.0.1:8000" };
    assert.equal(appealsApiBase(loopback), "http://127.0.0.1:8000");
  });
});

describe("submitAppeal", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  function answerWith(response: Response, seen: Request[] = []) {
    globalThis.fetch = async (input, init) => {
      seen.push(new Request(input, init));
      return response;
    };
    return seen;
  }

  test("POSTs the JSON body with JSON Accept and Content-Type; a 201 gives the number", async () => {
    const seen = answerWith(
      Response.json({ id: "1", number: "А-2026-000001", acknowledged: true }, { status: 201 }),
    );
    const answer = await submitAppeal({ comment: "Текст", consent: true }, { baseUrl: "http://x" });
    assert.deepEqual(answer, { ok: true, number: "А-2026-000001", acknowledged: true });
    const [request] = seen;
    assert.equal(request?.method, "POST");
    assert.equal(request?.url, "http://x/api/users/appeals/");
    assert.equal(request?.headers.get("accept"), "application/json");
    assert.equal(request?.headers.get("content-type"), "application/json");
    assert.deepEqual(await request?.json(), { comment: "Текст", consent: true });
  });

  test("only ok counts: a 2xx without a JSON body is still a success", async () => {
    answerWith(new Response(null, { status: 204 }));
    assert.deepEqual(await submitAppeal({}, { baseUrl: "http://x" }), {
      ok: true,
      number: null,
      acknowledged: false,
    });
  });

  test("a 400 gives its per-field messages; a 500 with any body is a failure", async () => {
    answerWith(Response.json({ errors: { phone: "Неверно", bad: 1 } }, { status: 400 }));
    assert.deepEqual(await submitAppeal({}, { baseUrl: "http://x" }), {
      ok: false,
      status: 400,
      errors: { phone: "Неверно" },
    });
    answerWith(new Response("<html>oops</html>", { status: 500 }));
    assert.deepEqual(await submitAppeal({}, { baseUrl: "http://x" }), {
      ok: false,
      status: 500,
      errors: null,
    });
  });

  test("a network failure rejects, once: no retry", async () => {
    let calls = 0;
    globalThis.fetch = async () => {
      calls += 1;
      throw new TypeError("Failed to fetch");
    };
    await assert.rejects(submitAppeal({}, { baseUrl: "http://x" }), TypeError);
    assert.equal(calls, 1);
  });
});
