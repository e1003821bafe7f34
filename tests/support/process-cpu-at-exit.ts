// Loaded into every test process by run-test-files.ts (`--import`): at exit, writes the CPU
// seconds the process used (user + system) and those of the children it waited for (its
// servers, Chromium with its renderers, the HTML checker) to the file TEST_CPU_FILE names. The
// runner prints them beside each file's time: on a shared 2-core machine a file's wall time
// moves with its neighbours, its CPU much less, and CPU is what a busy core takes away.
import { appendFileSync } from "node:fs";
import { processCpuSeconds } from "./process-cpu.ts";

const file = process.env.TEST_CPU_FILE;
if (file) {
  process.on("exit", () => {
    // Not Linux, or /proc unreadable: the runner shows no CPU figure for this file.
    const seconds = processCpuSeconds();
    if (seconds !== undefined) appendFileSync(file, `${seconds}\n`);
  });
}
