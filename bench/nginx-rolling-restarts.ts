// Rolling restarts with SIGTERM under a heavy load of appeals, through Debian's nginx with the
// deployed configuration (tests/support/nginx-process.ts) in front of two servers on PostgreSQL:
// the servers are stopped and started again in turn, each once nginx sends to the other again,
// while clients post appeals without pause. Prints what nginx answered in each phase and its
// error log's lines about the servers. Prints figures, tests nothing: the race it looks for (a
// POST written into a connection the stopping server cuts) is rare, so it restarts many times.
// Usage: npm run build && node bench/nginx-rolling-restarts.ts [clients] [restarts]
import { setTimeout as sleep } from "node:timers/promises";
import { startNginx } from "../tests/support/nginx-process.ts";
import { connectThroughNginx } from "../tests/support/proxy-client.ts";
import {
  exited,
  freePort,
  killIfRunning,
  type ServerProcess,
  startServerOnPort,
} from "../tests/support/server-process.ts";
import { createPostgresDatabase } from "../tests/support/test-databases.ts";

const clients = Number(process.argv[2] ?? 8);
const restarts = Number(process.argv[3] ?? 6);
const database = await createPostgresDatabase();
const env = { TRUST_PROXY: "1", SITE_URL: "https://agrochem-kirov.ru", LOG_LEVEL: "warn" };
const ports: [number, number] = [await freePort(), await freePort()];
const servers = [
  await startServerOnPort(ports[0], database.url, env),
  await startServerOnPort(ports[1], database.url, env),
];
const started: ServerProcess[] = [...servers];
const nginx = await startNginx(ports);
const client = connectThroughNginx(nginx);
let stopping = false;
let sent = 0;
let phase = "steady";
const answers: Record<string, number> = {};
const count = (key: string) => {
  answers[key] = (answers[key] ?? 0) + 1;
};
const worker = async () => {
  while (!stopping) {
    const index = sent++;
    const current = phase;
    try {
      const answer = await client.request("POST", "/api/users/appeals/", {
        headers: {
          "content-type": "application/json",
          origin: `https://${nginx.host}`,
          "x-test-phase": current,
        },
        body: JSON.stringify({
          first_name: "Иван",
          last_name: "Нагрузов",
          email: `restart-${index}@example.ru`,
          phone: "+7 912 345-67-89",
          region: "43 - Кировская область",
          comment: "Обращение под нагрузкой во время перезапуска.",
          consent: true,
        }),
      });
      count(`${current === "steady" ? "steady" : current.replace(/\d+$/, "")} ${answer.status}`);
    } catch (error) {
      count(`${current} no answer (${(error as Error).message})`);
    }
  }
};
const running = Promise.all(Array.from({ length: clients }, worker));
const began = Date.now();
try {
  await sleep(1000);
  for (let round = 0; round < restarts; round++) {
    const slot = round % 2;
    const server = servers[slot] as ServerProcess;
    phase = `stopping${round}`;
    const signalled = Date.now();
    server.child.kill("SIGTERM");
    await exited(server.child);
    const stoppedMs = Date.now() - signalled;
    servers[slot] = await startServerOnPort(ports[slot] as number, database.url, env);
    started.push(servers[slot] as ServerProcess);
    phase = `back${round}`;
    const back = Date.now();
    // As the README's rolling restart: the next server only once nginx sends to this one again.
    while (
      !(await nginx.accessLog()).some(
        (line) => line.phase === phase && line.upstreams.at(-1)?.endsWith(`:${ports[slot]}`),
      )
    ) {
      await sleep(200);
    }
    console.log(
      `restart ${round + 1} of ${ports[slot]}: exit code ${server.child.exitCode} ${stoppedMs} ms after SIGTERM; nginx sent to it again ${Date.now() - back} ms after it was back`,
    );
  }
} finally {
  stopping = true;
  await running;
  console.log(
    `${clients} clients, ${restarts} restarts, ${sent} appeals in ${Date.now() - began} ms`,
  );
  for (const [key, value] of Object.entries(answers).sort()) console.log(`  ${key}: ${value}`);
  const lines = (await nginx.errorLog()).split("\n").filter((line) => line.includes("upstream"));
  const kinds: Record<string, number> = {};
  for (const line of lines) {
    const kind = line.replace(/^.*?\*\d+ /, "").replace(/, client:.*$/, "");
    kinds[kind] = (kinds[kind] ?? 0) + 1;
  }
  console.log("nginx's error log about the servers:");
  for (const [kind, value] of Object.entries(kinds)) console.log(`  ${value} × ${kind}`);
  client.close();
  await nginx.stop();
  for (const server of started) await killIfRunning(server);
  await database.drop();
}
