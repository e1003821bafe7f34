/**
 * Who claims a scheduled job's day: this machine, this process, and a token of this start. A
 * claim by a process of this machine that no longer exists (killed, restarted) need not wait out
 * the lease: the restarted server takes the day's run over at once. A claim from another machine
 * can only be judged by its lease.
 */
import { randomUUID } from "node:crypto";
import { hostname } from "node:os";

export function newClaimerId(): string {
  return `${hostname()}/${process.pid}/${randomUUID()}`;
}

/** Whether `claimer` is a process of this machine that has gone (never true for another machine). */
export function claimerIsGone(claimer: string): boolean {
  const [host, pidText] = claimer.split("/");
  const pid = Number(pidText);
  if (host !== hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists under another user; only ESRCH says it is gone.
    return (error as NodeJS.ErrnoException).code === "ESRCH";
  }
}
