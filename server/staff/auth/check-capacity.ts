/**
 * How many password checks run at once in this server process: at most `perAddress` for one
 * client address and `total` in all (scrypt takes ~0.65 s of a core and 128 MiB each). Excess
 * requests queue, first come first served, for at most `maxWaitMs`, and no more than
 * `maxWaiting` of them (`maxWaitingPerAddress` for one address); beyond that the answer is
 * "busy" at once. A burst from one address then holds one check at a time and cannot keep a
 * staff member at another address from the others.
 */

export type CapacityLimits = {
  total: number;
  perAddress: number;
  maxWaitMs: number;
  maxWaiting: number;
  maxWaitingPerAddress: number;
};

export type Release = () => void;

type Waiter = { address: string; grant: (release: Release) => void };

export function createCheckCapacity(limits: CapacityLimits) {
  let running = 0;
  const runningByAddress = new Map<string, number>();
  const waiting: Waiter[] = [];
  const waitingByAddress = new Map<string, number>();

  const canRun = (address: string) =>
    running < limits.total && (runningByAddress.get(address) ?? 0) < limits.perAddress;
  const add = (map: Map<string, number>, address: string, change: number) => {
    const value = (map.get(address) ?? 0) + change;
    if (value === 0) map.delete(address);
    else map.set(address, value);
  };

  function start(address: string): Release {
    running += 1;
    add(runningByAddress, address, 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running -= 1;
      add(runningByAddress, address, -1);
      grantWaiting();
    };
  }

  function grantWaiting() {
    for (let index = 0; index < waiting.length && running < limits.total; ) {
      const waiter = waiting[index] as Waiter;
      if (!canRun(waiter.address)) {
        index += 1;
        continue;
      }
      waiting.splice(index, 1);
      add(waitingByAddress, waiter.address, -1);
      waiter.grant(start(waiter.address));
    }
  }

  return {
    /** A release for one check, or undefined when none became free in time (answer "busy"). */
    acquire(address: string): Promise<Release | undefined> {
      // After every release the waiters that can run have been started, so one that could run
      // now would be no older waiter's loss.
      if (canRun(address)) return Promise.resolve(start(address));
      if (
        waiting.length >= limits.maxWaiting ||
        (waitingByAddress.get(address) ?? 0) >= limits.maxWaitingPerAddress
      ) {
        return Promise.resolve(undefined);
      }
      return new Promise((resolve) => {
        const waiter: Waiter = {
          address,
          grant: (release) => {
            clearTimeout(timer);
            resolve(release);
          },
        };
        const timer = setTimeout(() => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          add(waitingByAddress, address, -1);
          resolve(undefined);
        }, limits.maxWaitMs);
        waiting.push(waiter);
        add(waitingByAddress, address, 1);
      });
    },
    /** Checks running and requests waiting now (for tests and the decision's figures). */
    load: () => ({ running, waiting: waiting.length }),
  };
}

export type CheckCapacity = ReturnType<typeof createCheckCapacity>;
