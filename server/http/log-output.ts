/** Where the server's log lines go when no other stream is given: standard output. */
export type LogOutput = { write(line: string): void };

let shared: LogOutput | undefined;

/**
 * Standard output, written at most every 50 ms (or once 16 KB wait): the lines logged meanwhile
 * (one per request) leave together in one write. Written line by line, the log's system calls
 * cost as much as sending the pages (a CPU profile of the page GET under load: 11% of the
 * server's time writing log lines, 14% writing answers; decision 0016); written once per turn
 * of the event loop, still 10%, since a turn often handles a single request. Lines still waiting
 * when the process exits are written then; a process killed outright loses at most its last
 * 50 ms of lines. One for the process, however many apps it builds.
 */
export function standardOutputLog(): LogOutput {
  if (shared) return shared;
  let waiting: string[] = [];
  let waitingBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return;
    const text = waiting.join("");
    waiting = [];
    waitingBytes = 0;
    process.stdout.write(text);
  };
  process.on("exit", flush);
  shared = {
    write(line) {
      waiting.push(line);
      waitingBytes += line.length;
      if (waitingBytes >= 16 * 1024) flush();
      // Unreferenced: a process with nothing else to do exits, and writes them on its way out.
      else timer ??= setTimeout(flush, 50).unref();
    },
  };
  return shared;
}
