// Serving the built site from memory (server/site/static-site.ts) against @fastify/static reading it
// from disk with precompressed files, each server in its own process, with autocannon.
// Usage: npm run build && npm run bench:static [-- seconds]
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync } from "node:fs";
import { availableParallelism, cpus } from "node:os";
import autocannon from "autocannon";

const seconds = Number(process.argv[2] ?? 5);
const connections = 10;
const script = readdirSync("build/client/assets").find(
  (name) => name.startsWith("entry.client") && name.endsWith(".js"),
);
const cases = [
  { name: "home page (HTML, brotli)", memory: "/", disk: "/index.html" },
  { name: "a page's own address", memory: "/contacts", disk: "/contacts/" },
  { name: "hashed script (brotli)", memory: `/assets/${script}`, disk: `/assets/${script}` },
];

function startServer(mode: "memory" | "disk"): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ["bench/static-files-server.ts", mode], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    child.stdout?.once("data", (data: Buffer) => resolve({ child, port: Number(String(data)) }));
    child.once("exit", (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

async function requestsPerSecond(port: number, path: string): Promise<number> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections,
    duration: seconds,
    headers: { "accept-encoding": "br, gzip" },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${path}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return result.requests.average;
}

console.log(
  `Node ${process.version}, ${availableParallelism()} cores (${cpus()[0]?.model ?? "unknown"}), ${connections} connections, ${seconds} s per case`,
);
const memory = await startServer("memory");
const disk = await startServer("disk");
try {
  for (const entry of cases) {
    const fromMemory = await requestsPerSecond(memory.port, entry.memory);
    const fromDisk = await requestsPerSecond(disk.port, entry.disk);
    console.log(
      `${entry.name.padEnd(28)} memory ${Math.round(fromMemory)} req/s, @fastify/static ${Math.round(fromDisk)} req/s, ratio ${(fromMemory / fromDisk).toFixed(2)}`,
    );
  }
} finally {
  memory.child.kill();
  disk.child.kill();
}
