// Random bad input, many times over: whatever arrives, the API answers 4xx (or 201 for what
// happens to be valid), never 5xx, and every 4xx carries Russian messages in the API's shape.
// The generator is seeded, so a failure names a case that can be replayed.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { type Random, randomAppeal, seededRandom } from "../../tests/support/random-input.ts";
import { startTestApp, type TestApp, validAppeal } from "../../tests/support/test-app.ts";

const cases = 600;
const seed = Number(process.env.RANDOM_INPUT_SEED ?? 20261122);

function randomRequest(random: Random): { contentType: string | undefined; body: string } {
  const kind = random.int(6);
  if (kind === 0) {
    // Raw bytes that may or may not parse.
    const text = String.fromCharCode(
      ...Array.from({ length: random.int(200) }, () => random.int(256)),
    );
    return {
      contentType: random.pick(["application/json", "application/x-www-form-urlencoded"]),
      body: text,
    };
  }
  if (kind === 1) {
    return {
      contentType: random.pick([undefined, "text/plain", "multipart/form-data", "application/xml"]),
      body: "{}",
    };
  }
  const appeal = randomAppeal(random, validAppeal());
  if (kind === 2) {
    const form = new URLSearchParams();
    for (const [name, value] of Object.entries(appeal)) form.append(name, String(value));
    return { contentType: "application/x-www-form-urlencoded", body: form.toString() };
  }
  return { contentType: "application/json; charset=utf-8", body: JSON.stringify(appeal) ?? "null" };
}

let dir: string;
let testApp: TestApp;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), "appeals-random-"));
  testApp = await startTestApp({ databaseUrl: `sqlite:${join(dir, "appeals.sqlite")}` });
});

after(async () => {
  await testApp?.close();
  await rm(dir, { recursive: true, force: true });
});

test(`${cases} random requests (seed ${seed}): never a 5xx; every refusal in Russian, per field`, async () => {
  const random = seededRandom(seed);
  const statuses = new Map<number, number>();
  for (let index = 0; index < cases; index++) {
    const { contentType, body } = randomRequest(random);
    const response = await testApp.app.inject({
      method: "POST",
      url: "/api/users/appeals/",
      headers: contentType ? { "content-type": contentType } : {},
      payload: body,
    });
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    const where = `case ${index} (seed ${seed}): ${contentType} ${body.slice(0, 200)}`;
    assert.ok(response.statusCode < 500, `${response.statusCode} for ${where}`);
    if (response.statusCode === 201) continue;
    assert.ok([400, 413, 415].includes(response.statusCode), `${response.statusCode} for ${where}`);
    const { errors } = response.json() as { errors: Record<string, string> };
    assert.ok(Object.keys(errors).length > 0, where);
    for (const message of Object.values(errors)) assert.match(message, /[А-Яа-яЁё]/, where);
  }
  console.log(`statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
});
