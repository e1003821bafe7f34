// `npm run bench:publish`: what publishing a page costs, and what it leaves behind. On SQLite and
// PostgreSQL, a head publishes /vacancies again and again through the server (the POST of the
// editor's form: the transaction, the render with React Router's server build, brotli and gzip,
// the swap), p50 and p99 of its answer; then the page GET after a publish against the bare page
// server sending the same bytes (bench/bare-page-server.ts), as bench/run.ts measures pages.
// Prints figures, fails nothing. Usage: npm run bench:publish [-- --publishes 40] [-- --duration 5]
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { defaultVacancies } from "../content/vacancies.ts";
import {
  vacancyFieldName,
  vacancyFormFields,
  vacancyFormValues,
} from "../domain/site-content/vacancies-form.ts";
import { parseDatabaseUrl } from "../server/config.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import { hashPassword } from "../server/staff/auth/passwords.ts";
import { StaffHttpBrowser } from "../tests/support/staff-http.ts";
import { cpuRatio, load, rawAnswer, show, startServer, stop, stores } from "./bench-servers.ts";

const { values } = parseArgs({
  options: {
    publishes: { type: "string", default: "40" },
    duration: { type: "string", default: "5" },
  },
});
const publishes = Number(values.publishes);
const duration = Number(values.duration);
const password = "correct horse battery staple";

/** The editor's form, every field as the page shows it, the first salary set. */
function publishForm(salary: number): Record<string, string> {
  const fields = vacancyFormFields(vacancyFormValues(defaultVacancies));
  return { ...fields, intent: "publish", [vacancyFieldName(0, "salary")]: String(salary) };
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

type Server = Awaited<ReturnType<typeof startServer>>;

/** GET /vacancies on the project and on a bare server holding its answer, one round each way. */
async function compareGet(project: Server, answersDir: string, when: string) {
  const answer = await rawAnswer(`${project.base}/vacancies`);
  const answersFile = join(answersDir, "answers.json");
  await writeFile(
    answersFile,
    JSON.stringify({
      "/vacancies": { headers: answer.headers, body: answer.body.toString("base64") },
    }),
  );
  const bare = await startServer("bench/bare-page-server.ts", { ANSWERS: answersFile });
  try {
    for (let round = 1; round <= 2; round++) {
      // Who goes first alternates, so a neighbour's load or the JIT's warming favours neither.
      const order = round % 2 === 1 ? [project, bare] : [bare, project];
      const figures = [];
      for (const server of order) {
        const url = `${server.base}/vacancies`;
        figures.push(await load(url, { connections: 10, duration, pid: server.child.pid }));
      }
      const [ours, baseline] = order[0] === project ? figures : [...figures].reverse();
      if (!ours || !baseline) throw new Error("no figures");
      console.log(`GET /vacancies ${when} (brotli, ${answer.body.length} B), round ${round} of 2`);
      console.log(`  project ${show(ours)}`);
      console.log(`  bare    ${show(baseline)}`);
      console.log(
        `  ratio   ${(ours.rps / baseline.rps).toFixed(2)} of bare (CPU per request: ${cpuRatio(ours, baseline)} of bare's rate)`,
      );
    }
  } finally {
    await stop(bare.child);
  }
}

for (const store of stores) {
  const database = await store.create();
  const data = await openDataLayer(parseDatabaseUrl(database.url));
  await data.staffAccounts.addUser("hanna", await hashPassword(password), new Date(), {
    role: "head",
  });
  await data.close();
  const project = await startServer("server/main.ts", {
    DATABASE_URL: database.url,
    REMINDER_TIME: "off",
  });
  const answersDir = await mkdtemp(join(tmpdir(), "bench-publish-"));
  try {
    // The page as built, first: what the publishes are compared with.
    if (store.name === "SQLite") await compareGet(project, answersDir, "before any publish");
    const head = new StaffHttpBrowser(project.base);
    await head.signIn("hanna", password);
    await head.get("/staff/site/vacancies");
    const times: number[] = [];
    for (let round = 0; round < publishes + 3; round++) {
      const started = performance.now();
      const answer = await head.post("/staff/site/vacancies", publishForm(50_000 + round));
      if (answer.status !== 303) throw new Error(`publish answered ${answer.status}`);
      // The first three warm the JIT and the connections: not counted.
      if (round >= 3) times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${store.name}: publish /vacancies (POST to its answer: store, render, compress, swap), ${publishes} times: p50 ${percentile(times, 0.5).toFixed(1)} ms, p99 ${percentile(times, 0.99).toFixed(1)} ms`,
    );

    if (store.name === "SQLite") await compareGet(project, answersDir, "after the publishes");
  } finally {
    await stop(project.child);
    await database.drop();
    await rm(answersDir, { recursive: true, force: true });
  }
}
