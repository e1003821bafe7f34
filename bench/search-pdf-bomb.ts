// The PDF bomb against the real server (issue 40, item 3): `node server/main.ts` started on a copy
// of the built site whose statute (/docs/ustav.pdf, linked from /documents) is a 300 KB PDF that
// inflates to 300 MiB of spaces, and once on the build as it is. Prints each server's memory
// (VmRSS from /proc) once it listens and after 5 s of /healthz every 10 ms, the longest /healthz
// answer, and how long the start took; then starts the bomb's server again on the same folders
// (the verdict kept by the bytes' hash: the bomb is not read again). Not a test: it prints figures.
// Usage: node bench/search-pdf-bomb.ts   (needs `npm run build`)
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pdfBomb } from "../tests/support/pdf-bomb.ts";
import { killIfRunning, startServer } from "../tests/support/server-process.ts";

const megabyte = 1024 * 1024;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function run(label: string, siteDir: string, database: string) {
  const begun = performance.now();
  const server = await startServer(`sqlite:${database}`, { SITE_DIR: siteDir });
  const startMs = performance.now() - begun;
  const pid = server.child.pid ?? 0;
  try {
    const listening = await rssMb(pid);
    let longest = 0;
    let peak = listening;
    const until = performance.now() + 5000;
    while (performance.now() < until) {
      const asked = performance.now();
      await (await fetch(`${server.baseUrl}/healthz`)).arrayBuffer();
      longest = Math.max(longest, performance.now() - asked);
      peak = Math.max(peak, await rssMb(pid));
      await new Promise((resume) => setTimeout(resume, 10));
    }
    const overBudget = server.output().includes("over the reading budget");
    console.log(
      `${label.padEnd(28)} start ${(startMs / 1000).toFixed(1)} s, RSS on listening ${listening.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, after 5 s ${(await rssMb(pid)).toFixed(0)} MB; longest /healthz ${longest.toFixed(0)} ms; over budget logged: ${overBudget}`,
    );
  } finally {
    await killIfRunning(server);
  }
}

const work = await mkdtemp(join(tmpdir(), "pdf-bomb-bench-"));
try {
  const bomb = pdfBomb(300, "Bomb");
  console.log(`the bomb: ${(bomb.length / 1024).toFixed(0)} KB, 300 MiB of spaces inflated`);
  const bombSite = join(work, "bomb", "client");
  await cp("build/client", bombSite, { recursive: true });
  await writeFile(join(bombSite, "docs", "ustav.pdf"), bomb);
  const plainSite = join(work, "plain", "client");
  await cp("build/client", plainSite, { recursive: true });
  await run("the build as it is", plainSite, join(work, "plain.sqlite"));
  await run("the statute a bomb", bombSite, join(work, "bomb.sqlite"));
  await run("the bomb, started again", bombSite, join(work, "bomb.sqlite"));
  console.log(`(MB of ${megabyte} bytes)`);
} finally {
  await rm(work, { recursive: true, force: true });
}
