// What the SQLite store's reading of its disk's free space before each write batch costs
// (decision 0050): statfs calls per second on the store's directory, against what one write batch
// costs on its own (an appeal stored through the data layer: BEGIN IMMEDIATE … COMMIT, one fsync,
// the free space read included), one appeal a batch and 20 at once. On /tmp (a real disk here)
// and /dev/shm (a tmpfs: no fsync cost, so the batch at its cheapest). Prints the figures and the
// ratio; passes or fails nothing. Usage: node bench/disk-reserve-check.ts [rounds]
import { statfsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { storeAppeal } from "../server/appeals/store-appeal.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import { freeBytes } from "../server/db/sqlite-disk-limits.ts";
import { sampleNewAppeal } from "../tests/support/test-appeal.ts";

const rounds = Number(process.argv[2] ?? 3);
const statfsCalls = 200_000;
const appeals = 400;

const median = (values: number[]) => values.toSorted((a, b) => a - b)[values.length >> 1] ?? 0;

/** Microseconds per call of what the store calls before each batch (one statfs and a product). */
function statfsMicroseconds(directory: string): number {
  let sum = 0;
  const started = process.hrtime.bigint();
  for (let call = 0; call < statfsCalls; call += 1) sum += freeBytes(directory);
  const ns = Number(process.hrtime.bigint() - started);
  if (sum < 0) throw new Error("unreachable: keeps the loop from being dropped");
  return ns / 1000 / statfsCalls;
}

/** Microseconds per batch: `appeals` stored `atOnce` at a time (one batch each time). */
async function batchMicroseconds(directory: string, atOnce: number): Promise<number> {
  const dir = await mkdtemp(join(directory, "disk-reserve-bench-"));
  const data = await openDataLayer({ kind: "sqlite", path: join(dir, "appeals.sqlite") });
  try {
    const at = new Date().toISOString();
    // A few first, so statements are prepared and the file has its first pages.
    await storeAppeal(data, sampleNewAppeal(at));
    const started = process.hrtime.bigint();
    for (let done = 0; done < appeals; done += atOnce) {
      await Promise.all(
        Array.from({ length: atOnce }, (_, index) =>
          storeAppeal(data, sampleNewAppeal(at, { comment: `№${done + index}` })),
        ),
      );
    }
    return Number(process.hrtime.bigint() - started) / 1000 / (appeals / atOnce);
  } finally {
    await data.close();
    await rm(dir, { recursive: true, force: true });
  }
}

for (const directory of [tmpdir(), "/dev/shm"]) {
  const { type } = statfsSync(directory);
  const statfs: number[] = [];
  const single: number[] = [];
  const twenty: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    statfs.push(statfsMicroseconds(directory));
    single.push(await batchMicroseconds(directory, 1));
    twenty.push(await batchMicroseconds(directory, 20));
  }
  const call = median(statfs);
  const one = median(single);
  const many = median(twenty);
  console.log(
    `${directory} (file system type 0x${type.toString(16)}), medians of ${rounds} rounds: statfs ${call.toFixed(2)} µs a call (${Math.round(1e6 / call).toLocaleString("en")} calls a second); a batch of 1 appeal ${one.toFixed(0)} µs, of 20 appeals ${many.toFixed(0)} µs; the check is ${((100 * call) / one).toFixed(3)}% of the first, ${((100 * call) / many).toFixed(3)}% of the second (per round: statfs ${statfs.map((v) => v.toFixed(2)).join(", ")} µs; batches of 1 ${single.map((v) => v.toFixed(0)).join(", ")} µs, of 20 ${twenty.map((v) => v.toFixed(0)).join(", ")} µs)`,
  );
}
