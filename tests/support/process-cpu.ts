// CPU seconds of a process, read from Linux's /proc: what the test runner, its workers and the
// benchmarks print beside wall times, since wall time moves with the machine's other work.
import { readFileSync } from "node:fs";

/**
 * utime + stime of the process (fields 14 and 15 of /proc/<pid>/stat, in ticks of 1/100 s), with
 * cutime + cstime (the children it waited for) when `withReapedChildren`; undefined where there
 * is no /proc or the process is gone.
 */
export function processCpuSeconds(
  pid: number | "self" | undefined = "self",
  withReapedChildren = true,
): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    const used = withReapedChildren ? [11, 12, 13, 14] : [11, 12];
    const seconds = used.reduce((sum, at) => sum + Number(fields[at]), 0) / 100;
    return Number.isFinite(seconds) ? seconds : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The seconds every core of the machine spent busy (/proc/stat: all but idle and I/O wait). Of
 * what the run costs, /usr/bin/time sees only the processes it waits for: Chromium's renderers,
 * which its zygote leaves to init, and PostgreSQL's server, are busy here and not there.
 */
export function machineBusySeconds(): number | undefined {
  try {
    const fields = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1);
    const [user, nice, system, , , irq, softirq, steal] = (fields ?? []).map(Number);
    return (
      ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100
    );
  } catch {
    return undefined;
  }
}
