// /healthz while the store answers reads but every write fails, on both stores: 503 with the
// reason (so a load balancer takes the server out and a monitor sees why), the appeal refused
// with the API's Russian 503; and 200 again, by itself, once writes work again.
// SQLite: a real full disk (a tmpfs of its own: mounting needs root; if the mount fails the test
// fails and says so). PostgreSQL: the server's sessions turned read-only, as on a standby after
// a failover (a role of the test's own, so no other test is touched).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { closeSync, openSync, rmSync, writeSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { startTestApp, type TestApp, validAppeal } from "../../tests/support/test-app.ts";
import { createPostgresDatabase, testPostgresUrl } from "../../tests/support/test-databases.ts";

const storeFailedMessage = "Не удалось сохранить обращение, попробуйте ещё раз";

async function postAppeal(site: TestApp) {
  const response = await site.app.inject({
    method: "POST",
    url: "/api/users/appeals/",
    headers: { "content-type": "application/json" },
    payload: JSON.stringify(validAppeal()),
  });
  return { status: response.statusCode, body: response.json() };
}

async function health(site: TestApp) {
  const response = await site.app.inject({ url: "/healthz" });
  return { status: response.statusCode, body: response.json() };
}

/** Asks /healthz until it answers `status` (the store recovers by itself), for at most 10 s. */
async function healthBecomes(site: TestApp, status: number) {
  const deadline = Date.now() + 10_000;
  let last = await health(site);
  while (last.status !== status && Date.now() < deadline) {
    await sleep(100);
    last = await health(site);
  }
  return last;
}

test("SQLite on a full disk: /healthz 503 'disk-full' while writes fail, 200 once space is back", async () => {
  const dir = await mkdtemp(join(tmpdir(), "healthz-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", "size=128m", "tmpfs", dir], { stdio: "pipe" });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(
      `could not mount a tmpfs at ${dir} for a real full disk (the test needs root): ${(error as Error).message}`,
    );
  }
  let site: TestApp | undefined;
  try {
    site = await startTestApp({ databaseUrl: `sqlite:${join(dir, "appeals.sqlite")}` });
    assert.equal((await postAppeal(site)).status, 201);
    assert.equal((await health(site)).status, 200);

    const filler = join(dir, "filler.bin");
    const fd = openSync(filler, "w");
    try {
      const chunk = Buffer.alloc(1024 * 1024);
      for (;;) writeSync(fd, chunk);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
    } finally {
      closeSync(fd);
    }
    // The store's watcher notices the disk within its interval; an appeal posted before that may
    // still fit in the write-ahead log's room and be stored (201, truthfully). Once /healthz says
    // so, every write is refused.
    const full = await healthBecomes(site, 503);
    assert.deepEqual(full, { status: 503, body: { status: "unavailable", reason: "disk-full" } });
    const refused = await postAppeal(site);
    assert.equal(refused.status, 503);
    assert.equal(refused.body.errors._form, storeFailedMessage);

    rmSync(filler);
    assert.equal((await healthBecomes(site, 200)).status, 200, "recovered by itself");
    assert.equal((await postAppeal(site)).status, 201);
  } finally {
    await site?.close();
    execFileSync("umount", [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

test("PostgreSQL read-only (a standby after failover): /healthz 503 'writes-failing', 200 once writable", async () => {
  const database = await createPostgresDatabase();
  const role = `healthz_${process.pid}_${Date.now()}`;
  const schema = new URL(database.url).searchParams.get("options")?.split("=")[1] ?? "";
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  // The role's new sessions follow its setting; its sessions now are ended so the pool reconnects.
  const sessions = async (readOnly: boolean) => {
    await admin.query(
      readOnly
        ? `ALTER ROLE ${role} SET default_transaction_read_only = on`
        : `ALTER ROLE ${role} RESET default_transaction_read_only`,
    );
    await admin.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1", [
      role,
    ]);
  };
  let site: TestApp | undefined;
  try {
    await admin.query(`CREATE ROLE ${role} LOGIN`);
    await admin.query(`GRANT ALL ON SCHEMA ${schema} TO ${role}`);
    const url = new URL(database.url);
    url.username = role;
    site = await startTestApp({ databaseUrl: url.toString() });
    assert.equal((await postAppeal(site)).status, 201);
    assert.equal((await health(site)).status, 200);

    await sessions(true);
    // The first statement on a terminated connection fails; the pool reconnects, read-only.
    await postAppeal(site);
    const refused = await postAppeal(site);
    assert.equal(refused.status, 503);
    assert.equal(refused.body.errors._form, storeFailedMessage);
    const readOnly = await healthBecomes(site, 503);
    assert.deepEqual(readOnly, {
      status: 503,
      body: { status: "unavailable", reason: "writes-failing" },
    });

    await sessions(false);
    assert.equal((await healthBecomes(site, 200)).status, 200, "recovered by itself");
    assert.equal((await postAppeal(site)).status, 201);
  } finally {
    await site?.close();
    await database.drop();
    await admin.query(`DROP ROLE IF EXISTS ${role}`).catch(() => {});
    await admin.end();
  }
});
