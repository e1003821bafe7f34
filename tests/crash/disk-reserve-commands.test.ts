// The operators' commands write the store under the disk reserve DISK_RESERVE_MB sets, as the
// server does (issue 40: on a 40 MB disk `npm run staff -- add` refused with the default 64 MiB
// while the server, told 8, wrote). No small disk is needed to tell which reserve a command
// keeps: told a reserve larger than this disk's free space, every command that writes refuses
// and writes nothing; told the smallest, the same command writes.
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { promisify } from "node:util";
import { loadStoreConfig } from "../../server/config.ts";
import { openDataLayer } from "../../server/db/data-layer.ts";
import { freeBytes } from "../../server/db/sqlite-disk-limits.ts";
import { appealsCommand, staffCommand } from "../support/appeals-command.ts";

const mib = 1024 * 1024;
/** The largest reserve DISK_RESERVE_MB accepts: more than this machine's disk has free. */
const hugeReserve = { DISK_RESERVE_MB: "1000000" };
/** The smallest it accepts. */
const smallReserve = { DISK_RESERVE_MB: "4" };
const withPassword = { STAFF_PASSWORD: "a long enough password" };

let dir: string;
let url: string;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), "disk-reserve-commands-"));
  url = `sqlite:${join(dir, "appeals.sqlite")}`;
  // The premise: the huge reserve is more than is free here, the small one less.
  const free = freeBytes(dir);
  assert.ok(free < 1_000_000 * mib && free > 4 * mib, `${free} bytes free`);
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function logins(): Promise<string[]> {
  const data = await openDataLayer(loadStoreConfig({ DATABASE_URL: url }));
  try {
    return (await data.staffAccounts.listUsers()).map((user) => user.login);
  } finally {
    await data.close();
  }
}

/** `npm run seed:appeals -- URL COUNT` as the operator runs it. */
async function seedAppeals(count: number, env: Record<string, string>) {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["scripts/seed-appeals.ts", url, String(count)],
      { env: { ...process.env, ...env } },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    return error as { code: number; stdout: string; stderr: string };
  }
}

const refusedForReserve = /less free space than its reserve/;

test("`npm run staff -- add` keeps DISK_RESERVE_MB: refused under it, written over it", async () => {
  const refused = await staffCommand(url, ["add", "olga"], { ...withPassword, ...hugeReserve });
  assert.equal(refused.code, 1, refused.stdout);
  assert.match(refused.stderr, refusedForReserve);
  assert.deepEqual(await logins(), [], "nothing written");

  const added = await staffCommand(url, ["add", "olga"], { ...withPassword, ...smallReserve });
  assert.equal(added.code, 0, added.stderr);
  assert.deepEqual(await logins(), ["olga"]);

  const disabled = await staffCommand(url, ["disable", "olga"], hugeReserve);
  assert.equal(disabled.code, 1, disabled.stdout);
  assert.match(disabled.stderr, refusedForReserve);
});

test("the seed keeps it too", async () => {
  const seeded = await seedAppeals(3, hugeReserve);
  assert.notEqual(seeded.code, 0, seeded.stdout);
  assert.match(seeded.stderr, refusedForReserve);
  const listed = await appealsCommand(url, ["list", "--json"], hugeReserve);
  assert.equal(listed.code, 0, listed.stderr);
  assert.deepEqual(JSON.parse(listed.stdout), [], "reading is never refused; nothing was seeded");

  const seededOver = await seedAppeals(3, smallReserve);
  assert.equal(seededOver.code, 0, seededOver.stderr);
});

test("`npm run appeals -- restore` prepares the restored store under it", async () => {
  const backupFile = join(dir, "backup.sqlite");
  const backedUp = await appealsCommand(url, ["backup", backupFile]);
  assert.equal(backedUp.code, 0, backedUp.stderr);

  const refused = await appealsCommand(url, ["restore", backupFile], hugeReserve);
  assert.equal(refused.code, 1, refused.stdout);
  assert.match(refused.stderr, refusedForReserve);
  assert.deepEqual(await logins(), ["olga"], "the store in place is untouched");

  const restored = await appealsCommand(url, ["restore", backupFile], smallReserve);
  assert.equal(restored.code, 0, restored.stderr);
});
