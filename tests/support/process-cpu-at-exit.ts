// Loaded into every test process by run-test-files.ts (`--import`): at exit, writes the CPU
// seconds the process used (user + system) and those of the children it waited for (its
// servers, Chromium with its renderers, the HTML checker) to the file TEST_CPU_FILE names. The
// runner prints them beside each file's time: on a shared 2-core machine a file's wall time
// moves with its neighbours, its CPU much less, and CPU is what a busy core takes away.
import { appendFileSync, readFileSync } from "node:fs";

const file = process.env.TEST_CPU_FILE;
if (file) {
  process.on("exit", () => {
    try {
      // utime, stime, cutime, cstime: fields 14-17 of /proc/<pid>/stat, in ticks (100 a second).
      const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1]?.split(" ") ?? [];
      const seconds = [11, 12, 13, 14].reduce((sum, at) => sum + Number(fields[at]), 0) / 100;
      if (Number.isFinite(seconds)) appendFileSync(file, `${seconds}\n`);
    } catch {
      // Not Linux, or /proc unreadable: the runner shows no CPU figure for this file.
    }
  });
}
