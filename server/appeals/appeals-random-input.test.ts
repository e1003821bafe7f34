// Random bad input, many times over: whatever arrives, the API answers 4xx (or 201 for what
// happens to be valid), never 5xx, and every 4xx carries Russian messages in the API's shape.
// The generator is seeded, so a failure names a case that can be replayed.
import assert from "node:assert/strict";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { startTestApp, type TestApp, validAppeal } from "./test-app.ts";

const cases = 600;
const seed = Number(process.env.RANDOM_INPUT_SEED ?? 20261122);

/** mulberry32: a small, well-known seeded generator. */
function generator(initial: number) {
  let state = initial >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (limit: number) => Math.floor(next() * limit);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

type Random = ReturnType<typeof generator>;

const fieldNames = ["first_name", "last_name", "email", "phone", "region", "comment", "consent"];
const oddStrings = [
  "",
  " ",
  "\u0000",
  "Ёжик",
  "O'Brien",
  "<script>alert(1)</script>",
  "'; DROP TABLE appeals; --",
  "8 (912) 345-67-89",
  "+7 912 345 67 89 12",
  "a@b",
  "анна@почта.рф",
  "43 - Кировская область",
  "999 - Нигде",
  "\uD800",
  "🙂".repeat(50),
  "x".repeat(6000),
];

function randomValue(random: Random, depth = 0): unknown {
  switch (random.int(depth > 1 ? 6 : 8)) {
    case 0:
      return random.pick(oddStrings);
    case 1:
      return random.int(2) === 0;
    case 2:
      return random.pick([0, -1, 1.5, 1e308, Number.MAX_SAFE_INTEGER]);
    case 3:
      return null;
    case 4:
      return String.fromCharCode(
        ...Array.from({ length: random.int(40) }, () => random.int(0x500)),
      );
    case 5:
      return random.pick(oddStrings).slice(0, random.int(20));
    case 6:
      return Array.from({ length: random.int(3) }, () => randomValue(random, depth + 1));
    default:
      return Object.fromEntries(
        Array.from({ length: random.int(3) }, () => [
          random.pick([...fieldNames, "__proto__", "constructor", "x"]),
          randomValue(random, depth + 1),
        ]),
      );
  }
}

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
  // A valid appeal with some fields changed, dropped or added.
  const appeal: Record<string, unknown> = validAppeal();
  for (let change = 0; change <= random.int(4); change++) {
    const field = random.pick([...fieldNames, "website", "extra"]);
    if (random.int(4) === 0) delete appeal[field];
    else appeal[field] = randomValue(random);
  }
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
  const random = generator(seed);
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
