// Debian's nginx with the deployed site configuration (deploy/nginx/agrochem-site.conf, see
// tests/support/nginx-process.ts) in front of two real server processes on one PostgreSQL with
// TRUST_PROXY=1, reached as a browser reaches it (TLS, HTTP/2). It shows what an operator relies
// on: requests spread over both servers; a staff session made through one works on the other;
// the shared rate limit counts across both and sees the client's address, never nginx's nor a
// forged one; and a rolling restart under a steady load of appeals (one server killed with
// SIGKILL and brought back, then the other stopped with SIGTERM and brought back) loses no
// acknowledged appeal, stores none twice, mails each once, and answers no 5xx while a server
// stops gracefully. Fails (never skips) without nginx. Needs `npm run build` (the pages).
import assert from "node:assert/strict";
import { after, before, test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import { defaultVacancies } from "../../content/vacancies.ts";
import { formErrorKey } from "../../domain/appeals/appeal-fields.ts";
import { appealFileMessages } from "../../domain/appeals/appeal-files.ts";
import {
  vacancyFieldName,
  vacancyFormFields,
  vacancyFormValues,
} from "../../domain/site-content/vacancies-form.ts";
import { parseDatabaseUrl } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { type AccessLogLine, type NginxProcess, startNginx } from "../support/nginx-process.ts";
import { connectThroughNginx, type ProxyClient } from "../support/proxy-client.ts";
import {
  exited,
  freePort,
  killIfRunning,
  type ServerProcess,
  startServerOnPort,
} from "../support/server-process.ts";
import { addStaffUser } from "../support/staff-fixtures.ts";
import { createPostgresDatabase, type TestDatabase } from "../support/test-databases.ts";
import { createTestSmtpServer, type TestSmtpServer } from "../support/test-smtp-server.ts";

const marker = "Прокси";
/** The surname of the load's appeals: the rolling restart counts only those. */
const loadMarker = "Нагрузкин";
const staffLogin = "irina";
const staffPassword = "correct horse battery";

type Cluster = {
  database: TestDatabase;
  ports: [number, number];
  /** The server running on each port now. */
  servers: [ServerProcess, ServerProcess];
  /** Every process started, killed ones included: their logs count too. */
  started: ServerProcess[];
  nginx: NginxProcess;
  env: Record<string, string>;
  restart(slot: 0 | 1): Promise<ServerProcess>;
  close(): Promise<void>;
};

async function startCluster(env: Record<string, string>): Promise<Cluster> {
  const database = await createPostgresDatabase();
  const data = await openDataLayer(parseDatabaseUrl(database.url));
  await addStaffUser(data, staffLogin, staffPassword);
  await data.close();
  const fullEnv = {
    // nginx is the one hop in front, as in deploy/agrochem-site.env.
    TRUST_PROXY: "1",
    SITE_URL: "https://agrochem-kirov.ru",
    ...env,
  };
  const ports: [number, number] = [await freePort(), await freePort()];
  const started: ServerProcess[] = [];
  let nginx: NginxProcess | undefined;
  const start = async (port: number) => {
    // Restarted while the other server, nginx and the load share two busy cores: a start took
    // over 15 s once with a load average of 12.
    const server = await startServerOnPort(port, database.url, fullEnv);
    started.push(server);
    return server;
  };
  try {
    const servers: [ServerProcess, ServerProcess] = [await start(ports[0]), await start(ports[1])];
    nginx = await startNginx(ports);
    const cluster: Cluster = {
      database,
      ports,
      servers,
      started,
      nginx,
      env: fullEnv,
      async restart(slot) {
        const server = await start(ports[slot]);
        cluster.servers[slot] = server;
        return server;
      },
      async close() {
        await closeAll(nginx, started, database);
      },
    };
    return cluster;
  } catch (error) {
    await closeAll(nginx, started, database);
    throw error;
  }
}

/** Every part stopped even when another fails to: nothing left to keep the test process alive. */
async function closeAll(
  nginx: NginxProcess | undefined,
  servers: ServerProcess[],
  database: TestDatabase,
) {
  const results = await Promise.allSettled([
    nginx?.stop(),
    ...servers.map((server) => killIfRunning(server)),
  ]);
  results.push(...(await Promise.allSettled([database.drop()])));
  const failed = results.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

/** The server that answered a logged request (the last one nginx tried), by its port. */
function answeredBy(line: AccessLogLine): number | undefined {
  const last = line.upstreams.at(-1);
  return last === undefined ? undefined : Number(last.split(":").at(-1));
}

function countBy<T>(items: T[], key: (item: T) => string | number | undefined) {
  const counts: Record<string, number> = {};
  for (const item of items) {
    const name = String(key(item) ?? "none");
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/**
 * The access log's lines of a phase, once all `count` are there: nginx writes a request's line
 * after its answer has left, so the client can have it a moment before the log does.
 */
async function loggedLines(nginx: NginxProcess, phase: string, count: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const lines = (await nginx.accessLog()).filter((line) => line.phase === phase);
    if (lines.length >= count || Date.now() > deadline) return lines;
    await sleep(50);
  }
}

/** One `http_requests_total` series of a server's /metrics (asked directly, from loopback). */
async function requestsCounted(server: ServerProcess, labels: string): Promise<number> {
  const text = await (await fetch(`${server.baseUrl}/metrics`)).text();
  const line = text.split("\n").find((row) => row.startsWith(`http_requests_total{${labels}} `));
  return line === undefined ? 0 : Number(line.split(" ").at(-1));
}

function appealBody(email: string, comment: string, lastName: string) {
  return JSON.stringify({
    first_name: "Иван",
    last_name: lastName,
    email,
    phone: "+7 912 345-67-89",
    region: "43 - Кировская область",
    comment,
    consent: true,
  });
}

function postAppeal(
  client: ProxyClient,
  nginx: NginxProcess,
  phase: string,
  email: string,
  extraHeaders: Record<string, string> = {},
  lastName = marker,
) {
  return client.request("POST", "/api/users/appeals/", {
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      // A browser on the site sends its origin; the server checks it against the Host and
      // protocol nginx passes on.
      origin: `https://${nginx.host}`,
      "x-test-phase": phase,
      ...extraHeaders,
    },
    body: appealBody(email, `Обращение ${email} через обратный прокси.`, lastName),
  });
}

/** The cookies a response sets, as a Cookie header (name=value; …). */
function cookiesOf(headers: Record<string, unknown>): string {
  const lines = headers["set-cookie"];
  const list = Array.isArray(lines) ? lines : typeof lines === "string" ? [lines] : [];
  return list.map((line: string) => line.split(";")[0]).join("; ");
}

/** Cookie headers merged as a browser keeps them: a later value of a name replaces the earlier. */
function mergedCookies(...headers: string[]): string {
  const jar = new Map<string, string>();
  for (const pair of headers.flatMap((header) => header.split("; ")).filter(Boolean)) {
    jar.set(pair.slice(0, pair.indexOf("=")), pair);
  }
  return [...jar.values()].join("; ");
}

/** The form's CSRF token in a page. */
const csrfTokenOf = (html: string) =>
  /name="_csrf" value="([^"]*)"/.exec(html)?.[1]?.replace(/&amp;/g, "&");

/** Signs the staff member in through nginx as a browser would; the session's Cookie header. */
async function signInThroughNginx(browser: ProxyClient, nginx: NginxProcess, phase: string) {
  const form = await browser.request("GET", "/staff/login", {
    headers: { "x-test-phase": phase },
  });
  const token = csrfTokenOf(form.body);
  assert.ok(token, "the sign-in form carries a token");
  const signedIn = await browser.request("POST", "/staff/login", {
    headers: {
      origin: `https://${nginx.host}`,
      cookie: cookiesOf(form.headers),
      "content-type": "application/x-www-form-urlencoded",
      "x-test-phase": phase,
    },
    body: new URLSearchParams({
      login: staffLogin,
      password: staffPassword,
      _csrf: token,
    }).toString(),
  });
  assert.equal(signedIn.status, 302, signedIn.body);
  assert.equal(signedIn.headers.location, "/staff");
  assert.match(cookiesOf(signedIn.headers), /staff_session=/);
  return mergedCookies(cookiesOf(form.headers), cookiesOf(signedIn.headers));
}

const notifyTo = "priemnaya@example.ru";
/** One nginx, two servers, one SMTP server for the whole file: starting them is most of its time. */
let cluster: Cluster;
let smtp: TestSmtpServer;

before(async () => {
  smtp = await createTestSmtpServer();
  cluster = await startCluster({
    // Low, to see it refuse; the load's appeals each come from an address of their own.
    RATE_LIMIT_PER_MINUTE: "3",
    RATE_LIMIT_PER_DAY: "100",
    SMTP_URL: smtp.url,
    APPEALS_NOTIFY_TO: notifyTo,
    MAIL_FROM: "noreply@example.ru",
    MAIL_RETRY_FIRST_WAIT_MS: "100",
    // The killed server's claimed mails are free again after 8 s, not 5 min (longer than any
    // send on a loaded machine, see mail-outbox.test.ts).
    MAIL_LEASE_MS: "8000",
  });
});

after(async () => {
  await Promise.allSettled([cluster?.close(), smtp?.stop()]);
});

test("nginx in front of two servers: requests spread, one staff session on both, one rate limit per client address", async () => {
  const { nginx, servers, ports } = cluster;
  const clients: ProxyClient[] = [];
  const client = (address: string) => {
    const opened = connectThroughNginx(nginx, address);
    clients.push(opened);
    return opened;
  };
  try {
    // Spread: 40 page requests over one HTTP/2 connection.
    const visitor = client("127.0.0.1");
    const pageRequests = 40;
    for (let index = 0; index < pageRequests; index++) {
      const page = await visitor.request("GET", "/", { headers: { "x-test-phase": "spread" } });
      assert.equal(page.status, 200);
    }
    const spread = await loggedLines(nginx, "spread", pageRequests);
    const perServer = countBy(spread, answeredBy);
    const counted = await Promise.all(
      servers.map((server) => requestsCounted(server, 'method="GET",route="/*",status="200"')),
    );
    const spreadSummary = `spread: ${pageRequests} pages through nginx; nginx's log: ${ports.map((port) => perServer[port] ?? 0).join(" + ")}; the servers' /metrics: ${counted.join(" + ")}`;
    console.log(spreadSummary);
    for (const [slot, port] of ports.entries()) {
      assert.ok((perServer[port] ?? 0) >= pageRequests / 4, spreadSummary);
      assert.equal(counted[slot], perServer[port], `server ${port}: its count and nginx's agree`);
    }
    // Plain HTTP only redirects; /metrics is not served through nginx.
    const plain = await fetch(`http://127.0.0.1:${nginx.httpPort}/contacts`, {
      redirect: "manual",
    });
    assert.equal(plain.status, 301);
    assert.equal(plain.headers.get("location"), `https://${nginx.host}/contacts`);
    assert.equal((await visitor.request("GET", "/metrics")).status, 404);
    // Large bodies reach a server only at the answer's upload address, up to 11 MB: a 1 MB one
    // gets there (the server refuses it: no session, no token), 12 MB and a 1 MB appeal do not.
    const upload = "/staff/appeals/01a20dae-0000-7000-8000-000000000000/answer";
    const multipart = { "content-type": "multipart/form-data; boundary=x" };
    const megabyte = "x".repeat(1024 * 1024);
    const passed = await visitor.request("POST", upload, { headers: multipart, body: megabyte });
    assert.notEqual(passed.status, 413, "nginx lets the answer's files through");
    assert.ok(passed.status >= 400 && passed.status < 500, `the server refuses: ${passed.status}`);
    const tooBig = await visitor.request("POST", upload, {
      headers: multipart,
      body: megabyte.repeat(12),
    });
    assert.equal(tooBig.status, 413);
    // nginx's own refusals are in Russian (its default page is English): a page for a form, the
    // API's JSON for the API, with the domain's words for the appeal's files.
    assert.match(String(tooBig.headers["content-type"]), /^text\/html; charset=utf-8/);
    assert.match(tooBig.body, /<html lang="ru">[\s\S]*Слишком большой запрос/);
    const tooBigForm = await visitor.request("POST", "/appeals", {
      headers: multipart,
      body: megabyte.repeat(12),
    });
    assert.equal(tooBigForm.status, 413);
    assert.match(String(tooBigForm.headers["content-type"]), /^text\/html; charset=utf-8/);
    assert.ok(tooBigForm.body.includes(`<p>${appealFileMessages.tooLarge}</p>`), tooBigForm.body);
    assert.ok(tooBigForm.body.includes('<a href="/appeals">'));
    const tooBigApi = await visitor.request("POST", "/api/users/appeals/", {
      headers: multipart,
      body: megabyte.repeat(12),
    });
    assert.equal(tooBigApi.status, 413);
    assert.match(String(tooBigApi.headers["content-type"]), /^application\/json/);
    assert.deepEqual(JSON.parse(tooBigApi.body), {
      errors: { [formErrorKey]: appealFileMessages.tooLarge },
    });
    const bigAppeal = await visitor.request("POST", "/api/users/appeals/", {
      headers: { "content-type": "application/json" },
      body: megabyte,
    });
    assert.equal(bigAppeal.status, 413);

    // A staff session made through nginx (sign-in form and post may reach different servers)…
    const session = await signInThroughNginx(client("127.0.0.4"), nginx, "session");
    const signInLines = await loggedLines(nginx, "session", 2);
    // …works on each server, asked directly with the headers nginx would add.
    const asNginxWould = {
      "x-forwarded-for": "127.0.0.4",
      "x-forwarded-proto": "https",
      "x-forwarded-host": nginx.host,
    };
    for (const server of servers) {
      const page = await fetch(`${server.baseUrl}/staff`, {
        headers: { ...asNginxWould, cookie: session },
        redirect: "manual",
      });
      assert.equal(page.status, 200, `server ${server.port}`);
      assert.match(await page.text(), new RegExp(`Вы вошли как (<!-- -->)?${staffLogin}`));
      const without = await fetch(`${server.baseUrl}/staff`, {
        headers: asNginxWould,
        redirect: "manual",
      });
      assert.equal(without.status, 303, "without the cookie the server sends to the sign-in");
    }
    console.log(
      `session: form from ${answeredBy(signInLines[0] as AccessLogLine)}, signed in through ${answeredBy(signInLines[1] as AccessLogLine)}; /staff with that cookie answered 200 by ${ports.join(" and ")}`,
    );

    // The rate limit (3 a minute here) counts one visitor's appeals on both servers, by the
    // address nginx saw, whatever X-Forwarded-For the visitor wrote itself.
    const limited = client("127.0.0.2");
    const statuses: number[] = [];
    for (let index = 0; index < 6; index++) {
      const answer = await postAppeal(limited, nginx, "rate-limit", `limit-${index}@example.ru`, {
        "x-forwarded-for": `203.0.113.${index + 1}`,
      });
      statuses.push(answer.status);
    }
    const other = await postAppeal(client("127.0.0.3"), nginx, "rate-limit", "other@example.ru");
    const limitLines = await loggedLines(nginx, "rate-limit", 7);
    const refusedBy = new Set(limitLines.filter((l) => l.status === 429).map(answeredBy));
    const acceptedBy = new Set(limitLines.filter((l) => l.status === 201).map(answeredBy));
    const data = await openDataLayer(parseDatabaseUrl(cluster.database.url));
    const stored = (await data.appeals.list()).filter((appeal) => appeal.last_name === marker);
    await data.close();
    const addresses = countBy(stored, (appeal) => appeal.client_ip);
    console.log(
      `rate limit: 127.0.0.2 with a forged X-Forwarded-For each time: ${statuses.join(", ")} (201 from ${[...acceptedBy].join(", ")}, 429 from ${[...refusedBy].join(", ")}); 127.0.0.3: ${other.status}; stored by address ${JSON.stringify(addresses)}`,
    );
    assert.deepEqual(statuses, [201, 201, 201, 429, 429, 429]);
    assert.equal(refusedBy.size + acceptedBy.size, 4, "both servers accepted and both refused");
    assert.equal(other.status, 201, "another visitor is not limited: the limit is per client");
    assert.deepEqual(addresses, { "127.0.0.2": 3, "127.0.0.3": 1 });
  } finally {
    for (const opened of clients) opened.close();
  }
});

type PhaseCounts = {
  /** When the phase began and ended (Date.now()). */
  from: number;
  to: number;
  sent: number;
  created: number;
  statuses: Record<number, number>;
  noAnswer: number;
};

/** The loopback address of the load's visitor `index` (127.1.0.1, 127.1.0.2, …). */
function visitorAddress(index: number): string {
  return `127.1.${Math.floor(index / 250)}.${(index % 250) + 1}`;
}

/**
 * Appeals posted by a few workers, a pause after each answer, each request tagged with the current
 * phase; every appeal from a visitor of its own (its own address and connection), so the rate
 * limit never refuses one.
 */
function steadyLoad(nginx: NginxProcess, workers: number, pauseMs: number) {
  let phase = "both-up";
  let stopping = false;
  let next = 0;
  const phases = new Map<string, PhaseCounts>();
  const acknowledged = new Map<string, string>(); // id -> e-mail of the appeal sent
  const countsOf = (name: string) => {
    let counts = phases.get(name);
    if (!counts) {
      counts = { from: Date.now(), to: 0, sent: 0, created: 0, statuses: {}, noAnswer: 0 };
      phases.set(name, counts);
    }
    return counts;
  };
  const worker = async () => {
    while (!stopping) {
      const current = phase;
      const index = next++;
      const email = `load-${index}@example.ru`;
      const counts = countsOf(current);
      counts.sent += 1;
      const visitor = connectThroughNginx(nginx, visitorAddress(index));
      try {
        const answer = await postAppeal(visitor, nginx, current, email, {}, loadMarker);
        counts.statuses[answer.status] = (counts.statuses[answer.status] ?? 0) + 1;
        if (answer.status === 201) {
          counts.created += 1;
          acknowledged.set((JSON.parse(answer.body) as { id: string }).id, email);
        }
      } catch {
        counts.noAnswer += 1;
      } finally {
        visitor.close();
      }
      await sleep(pauseMs);
    }
  };
  const running = Promise.all(Array.from({ length: workers }, worker));
  return {
    phases,
    acknowledged,
    setPhase(name: string) {
      countsOf(phase).to = Date.now();
      phase = name;
      countsOf(name);
    },
    /** Whether every request sent in phase `name` has had its answer (or failed). */
    settled(name: string): boolean {
      const counts = countsOf(name);
      const ended = Object.values(counts.statuses).reduce((sum, n) => sum + n, 0);
      return ended + counts.noAnswer === counts.sent;
    },
    async stop() {
      if (!stopping) countsOf(phase).to = Date.now();
      stopping = true;
      await running;
    },
  };
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  if (!(await waitUntil(check, timeoutMs))) {
    throw new Error(`waited ${timeoutMs} ms in vain for ${what}`);
  }
}

/** Whether `check` came true within `timeoutMs`. */
async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
  return true;
}

const mailSentLine = /"msg":"appeal (notification|acknowledgement) sent"/g;

// Issue 28: with two servers behind nginx on PostgreSQL, a change published through one (the one
// nginx happened to pass the editor's form to) is served by both within 2 s (LISTEN/NOTIFY).
test("a salary published through nginx is served by both servers within 2 s", async () => {
  const { nginx, servers } = cluster;
  const browser = connectThroughNginx(nginx, "127.0.0.5");
  try {
    const newSalary = "53\u00a0700\u00a0₽ в\u00a0месяц на\u00a0руки";
    const session = await signInThroughNginx(browser, nginx, "publish");
    const editor = await browser.request("GET", "/staff/site/vacancies", {
      headers: { cookie: session, "x-test-phase": "publish" },
    });
    assert.equal(editor.status, 200, editor.body.slice(0, 300));
    const token = csrfTokenOf(editor.body);
    assert.ok(token, "the editor's form carries a token");
    const cookie = mergedCookies(session, cookiesOf(editor.headers));
    const fields = vacancyFormFields(vacancyFormValues(defaultVacancies));
    const published = await browser.request("POST", "/staff/site/vacancies", {
      headers: {
        origin: `https://${nginx.host}`,
        cookie,
        "content-type": "application/x-www-form-urlencoded",
        "x-test-phase": "publish",
      },
      body: new URLSearchParams({
        ...fields,
        [vacancyFieldName(0, "salary")]: "53700",
        intent: "publish",
        _csrf: token,
      }).toString(),
    });
    assert.equal(published.status, 303, published.body.slice(0, 300));
    const publishedAt = performance.now();
    const waited: number[] = [];
    for (const server of servers) {
      for (;;) {
        const page = await (await fetch(`${server.baseUrl}/vacancies`)).text();
        if (page.includes(newSalary)) break;
        const ms = performance.now() - publishedAt;
        assert.ok(ms < 2000, `server ${server.port} still serves the old salary after ${ms} ms`);
        await sleep(25);
      }
      waited.push(Math.round(performance.now() - publishedAt));
    }
    const [postLine] = (await loggedLines(nginx, "publish", 4)).filter(
      (line) => line.method === "POST" && line.path === "/staff/site/vacancies",
    );
    console.log(
      `publish through nginx (answered by ${postLine ? answeredBy(postLine) : "?"}): the new salary on ${servers.map((server, index) => `${server.port} after ${waited[index]} ms`).join(", ")}`,
    );
    const visitor = await browser.request("GET", "/vacancies");
    assert.ok(visitor.body.includes(newSalary), "and through nginx");
  } finally {
    browser.close();
  }
});

test("a rolling restart under a steady load of appeals: SIGKILL, then SIGTERM; each 201 stored once, each mail once, no 5xx while stopping gracefully", async () => {
  const { nginx, ports } = cluster;
  // The first test's appeals have their mails sent before the count starts.
  const earlier = await openDataLayer(parseDatabaseUrl(cluster.database.url));
  const earlierAppeals = (await earlier.appeals.list()).length;
  await earlier.close();
  await waitFor("the first test's mails", () => smtp.received.length >= earlierAppeals * 2, 20_000);
  const mailsBefore = smtp.received.length;
  const load = steadyLoad(nginx, 2, 250);
  const servedByNow = async (phase: string, port: number) =>
    (await nginx.accessLog()).some(
      (line) => line.phase === phase && line.status === 201 && answeredBy(line) === port,
    );
  const mailsMarkedSent = () =>
    cluster.started.reduce(
      (sum, server) => sum + (server.output().match(mailSentLine)?.length ?? 0),
      0,
    );
  const began = Date.now();
  try {
    // Both up: until nginx has had each server take an appeal, however long that takes.
    await waitFor(
      "both servers to take appeals",
      async () => (await servedByNow("both-up", ports[0])) && servedByNow("both-up", ports[1]),
      15_000,
    );

    // Phase "sigkill": the first server dies at once, mid-request, and is started again.
    load.setPhase("sigkill");
    // A process killed between the SMTP server's acceptance of a mail and its record of it sends
    // that mail again after the lease (at least once across crashes, decision 0007; the same
    // Message-ID). To count "exactly once" the kill falls where no mail is mid-send: the SMTP
    // server stops taking mail, and every mail it took is recorded as sent, before the kill.
    await smtp.stop();
    await waitFor(
      "every accepted mail recorded",
      () => mailsMarkedSent() >= smtp.received.length,
      10_000,
    );
    // A request is counted in the phase it was sent in: one of "both-up" still on its way must
    // end before the kill, or its 502 is counted where none is allowed (seen once under load).
    await waitFor("the requests before the kill answered", () => load.settled("both-up"), 10_000);
    const killed = cluster.servers[0];
    killed.child.kill("SIGKILL");
    await exited(killed.child);
    await smtp.start();
    await cluster.restart(0);
    // nginx passes the killed server over for its fail_timeout: on until it sends to it again.
    load.setPhase("a-back");
    await waitFor(
      "nginx to send to the restarted server",
      () => servedByNow("a-back", ports[0]),
      15_000,
    );

    // Phase "sigterm": the second server stops gracefully and is started again.
    load.setPhase("sigterm");
    const stopped = cluster.servers[1];
    stopped.child.kill("SIGTERM");
    const signalled = Date.now();
    await exited(stopped.child);
    console.log(`SIGTERM: the server exited ${Date.now() - signalled} ms after the signal`);
    assert.equal(stopped.child.exitCode, 0, `a clean stop on SIGTERM:\n${stopped.output()}`);
    await cluster.restart(1);
    // A last moment with both up: until nginx sends to this one again (once its fail_timeout is
    // over, if the stop made nginx count a failure).
    load.setPhase("b-back");
    await waitFor(
      "nginx to send to the restarted second server",
      () => servedByNow("b-back", ports[1]),
      15_000,
    );
    await load.stop();
    const loadMs = Date.now() - began;
    const mailsDuringLoad = smtp.received.length - mailsBefore;

    // Every appeal answered 201 is stored, once; nothing else is stored but what nginx could
    // not answer (a request in flight on the killed server may have committed first).
    const data = await openDataLayer(parseDatabaseUrl(cluster.database.url));
    const stored = (await data.appeals.list()).filter((appeal) => appeal.last_name === loadMarker);
    await data.close();
    const storedById = new Map(stored.map((appeal) => [appeal.id, appeal]));
    let found = 0;
    for (const [id, email] of load.acknowledged) {
      if (storedById.get(id)?.email === email) found += 1;
    }
    const emails = stored.map((appeal) => appeal.email);

    // Each stored appeal's two mails (the handlers' notification, the citizen's acknowledgement)
    // arrive once. After the last expected mail, until the outbox (one for both servers) has
    // nothing left to send: a late double is in by then (a sent row is not sent again).
    const expectedMails = stored.length * 2;
    const mailStarted = Date.now();
    const loadMails = () => smtp.received.slice(mailsBefore);
    await waitUntil(() => loadMails().length >= expectedMails, 45_000);
    const outboxEmpty = async () => {
      const health = await fetch(`${cluster.servers[0].baseUrl}/healthz`);
      return ((await health.json()) as { outbox: { pending: number } }).outbox.pending === 0;
    };
    await waitUntil(outboxEmpty, 45_000);
    const mailMs = Date.now() - mailStarted;
    const received = loadMails();
    const subjects = countBy(received, (mail) => mail.subject);
    const messageIds = new Set(received.map((mail) => mail.messageId));
    const notifications = received.filter((mail) => mail.envelopeTo.includes(notifyTo));
    const acknowledgements = received.filter((mail) => !mail.envelopeTo.includes(notifyTo));
    const missingOrDoubled = stored.flatMap((appeal) =>
      [`Новое обращение гражданина № ${appeal.number}`, `Обращение № ${appeal.number} получено`]
        .filter((subject) => subjects[subject] !== 1)
        .map((subject) => `${subject}: ${subjects[subject] ?? 0}`),
    );

    const log = await nginx.accessLog();
    const unanswered: Record<string, number> = {};
    for (const [name, counts] of load.phases) {
      const lines = log.filter((line) => line.phase === name);
      const perServer = countBy(lines, answeredBy);
      const retried = lines.filter((line) => line.upstreams.length > 1).length;
      const fivexx = Object.entries(counts.statuses)
        .filter(([status]) => Number(status) >= 500)
        .map(([status, count]) => `${status}×${count}`);
      unanswered[name] = counts.sent - counts.created;
      console.log(
        `phase ${name} (${counts.to - counts.from} ms): ${counts.sent} appeals sent, ${counts.created} answered 201, 5xx: ${fivexx.join(" ") || "none"}, no answer ${counts.noAnswer}; served by ${ports.map((port) => `${port}: ${perServer[port] ?? 0}`).join(", ")}, passed to the other server by nginx ${retried}`,
      );
    }
    const summary = `load ${loadMs} ms: ${[...load.phases.values()].reduce((sum, c) => sum + c.sent, 0)} sent, ${load.acknowledged.size} answered 201, ${found} of them found, ${stored.length} stored (${new Set(emails).size} distinct); mails: ${notifications.length} notifications + ${acknowledgements.length} acknowledgements = ${received.length} (${messageIds.size} distinct Message-IDs) for ${stored.length} appeals, ${mailsDuringLoad} of them during the load, the last ${mailMs} ms after it`;
    console.log(summary);
    const errors = await nginx.errorLog();
    const upstreamErrors = errors.split("\n").filter((line) => line.includes("upstream"));
    console.log(`nginx error log: ${upstreamErrors.length} lines about the servers`);

    assert.equal(found, load.acknowledged.size, "every appeal answered 201 is stored");
    assert.equal(new Set(emails).size, emails.length, "no appeal stored twice");
    const lost = stored.length - load.acknowledged.size;
    assert.ok(
      lost <= (unanswered.sigkill ?? 0),
      "only appeals nginx could not answer are stored unacknowledged",
    );
    assert.deepEqual(missingOrDoubled, [], "each appeal's two mails, once each");
    assert.equal(received.length, expectedMails, "no other mail");
    for (const [name, counts] of load.phases) {
      assert.equal(counts.noAnswer, 0, `phase ${name}: nginx answered every request`);
      const notCreated = Object.keys(counts.statuses).filter((status) => status !== "201");
      // Only the kill cuts requests nginx has already handed over: a POST is never sent again.
      const allowed = name === "sigkill" ? ["502", "504"] : [];
      for (const status of notCreated) {
        assert.ok(
          allowed.includes(status),
          `phase ${name}: ${status}×${counts.statuses[Number(status)]}`,
        );
      }
      assert.ok(counts.created > 0, `phase ${name}: appeals were taken`);
    }
  } finally {
    await load.stop();
  }
});
