// The W3C Nu HTML checker (vnu-jar) as one service for a whole test run: the runner starts it
// once and hands its address to every test process (HTML_CHECKER_URL). Each run of the jar's
// command line started a Java VM and read the HTML spec again: ~5 s of CPU, about ten times a
// run; the service pays that once and then checks a page in ~0.1 s (decision 0038).
import { type ChildProcess, spawn } from "node:child_process";
import { processCpuSeconds } from "./process-cpu.ts";
import { freePort } from "./server-process.ts";

export const htmlCheckerVariable = "HTML_CHECKER_URL";
export const vnuJar = "node_modules/vnu-jar/build/dist/vnu.jar";

export type HtmlCheckerService = {
  url: string;
  /** The service's CPU seconds so far (user + system), from /proc; undefined elsewhere. */
  cpuSeconds(): number | undefined;
  stop(): Promise<void>;
};

/** Starts the checker's service on a free local port; it answers once it has read the spec. */
export async function startHtmlCheckerService(): Promise<HtmlCheckerService> {
  const port = await freePort();
  // The checker's parser recurses deeply: the default thread stack overflows on its schemas.
  // Java's quick compiler only (C1) and one GC thread: a test run checks a few hundred pages,
  // too few for the optimising compiler to pay back its CPU. Three browser files with the
  // checker: 22.6 s of its CPU with Java's defaults, 10.2 s so, each check faster too (decision
  // 0052).
  const child: ChildProcess = spawn(
    "java",
    [
      "-Xss8m",
      "-XX:TieredStopAtLevel=1",
      "-XX:+UseSerialGC",
      "-Dnu.validator.servlet.bind-address=127.0.0.1",
      "-cp",
      vnuJar,
      "nu.validator.servlet.Main",
      String(port),
    ],
    { stdio: "ignore" },
  );
  return {
    url: `http://127.0.0.1:${port}/`,
    cpuSeconds: () => processCpuSeconds(child.pid, false),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once("exit", done));
      child.kill("SIGTERM");
      await exited;
    },
  };
}
