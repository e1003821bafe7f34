// For tests: Debian's Dovecot (package dovecot-imapd) run as a process of its own, as nginx is
// (tests/support/nginx-process.ts): a configuration written into the test's own directory and
// given with `-c`, so nothing of the system's /etc/dovecot is read; IMAP on a free port of
// 127.0.0.1, plain text passwords allowed there and no TLS; maildirs, state and sockets all in
// that directory. Written for Dovecot 2.3 (Debian 12's 2.3.19): 2.4 renamed most settings, and
// a start under another version fails at once saying so, rather than with a puzzling refusal.
//
// The master runs as the test's own user, root here and in CI. Dovecot never gives a mailbox to
// uid 0, so its mail processes run as `nobody`, in a mail directory anyone may write.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { constants } from "node:fs";
import { access, chmod, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { ImapFlow } from "imapflow";
import { exited, freePort } from "./server-process.ts";

const run = promisify(execFile);

export const dovecotBinary = "/usr/sbin/dovecot";

/** Its IMAP server, from dovecot-imapd (dovecot-core alone has the master, not this). */
const imapBinary = "/usr/lib/dovecot/imap";

/** The installed Dovecot's version ("2.3.19.1"); the test fails (never skips) without it. */
export async function dovecotVersion(): Promise<string> {
  try {
    await access(imapBinary, constants.X_OK);
    const { stdout } = await run(dovecotBinary, ["--version"]);
    return stdout.trim().split(" ")[0] ?? "";
  } catch {
    throw new Error(
      "Dovecot's IMAP server is not installed: the mailbox tests run Debian's dovecot-imapd package (.ci/run installs it: apt-get install dovecot-imapd)",
    );
  }
}

/** One message as the mailbox holds it. */
export type StoredMessage = { uid: number; raw: Buffer };

export type DovecotProcess = {
  port: number;
  dir: string;
  /** `imap://user:password@127.0.0.1:port/<folder>` for one of the users given at the start. */
  imapUrl(user: string, folder?: string): string;
  /** Puts messages into `user`'s folder by IMAP APPEND, over one connection, in order. */
  append(user: string, raw: Buffer | readonly Buffer[], folder?: string): Promise<void>;
  /** The messages of `user`'s folder in UID order (none when the folder does not exist). */
  list(user: string, folder: string): Promise<StoredMessage[]>;
  /** How many messages `user`'s folder holds (0 when it does not exist). */
  count(user: string, folder: string): Promise<number>;
  /** The names of `user`'s folders. */
  folders(user: string): Promise<string[]>;
  /** What Dovecot logged (its standard error): shown when a test fails. */
  log(): string;
  /** Stops Dovecot and keeps its mail: `start` brings it back on the same port. */
  pause(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its directory. */
  stop(): Promise<void>;
};

function configuration(dir: string, port: number, instance: string): string {
  return `# Written by tests/support/dovecot-process.ts for one test (Dovecot 2.3).
instance_name = ${instance}
base_dir = ${join(dir, "run")}
state_dir = ${join(dir, "state")}
protocols = imap
listen = 127.0.0.1
ssl = no
# Loopback only: the reader's password goes in plain text, as IMAP_URL's imap:// does on one host.
disable_plaintext_auth = no
auth_mechanisms = plain login
log_path = /dev/stderr
info_log_path = /dev/stderr
mail_location = maildir:${join(dir, "mail")}/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${join(dir, "users")}
}
userdb {
  driver = static
  args = uid=nobody gid=nogroup home=${join(dir, "home")}/%u
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
`;
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Dovecot with the given users (each a password of its own), answering IMAP on a free port. */
export async function startDovecot(users: readonly string[] = ["reader"]): Promise<DovecotProcess> {
  const version = await dovecotVersion();
  if (!version.startsWith("2.3.")) {
    throw new Error(
      `Dovecot ${version} is installed; tests/support/dovecot-process.ts writes a Dovecot 2.3 configuration (2.4 renamed its settings): update it`,
    );
  }
  const dir = await mkdtemp(join(tmpdir(), "dovecot-test-"));
  // Its mail processes run as nobody: they must reach the directory and write the mail in it.
  await chmod(dir, 0o755);
  for (const sub of ["mail", "home"]) {
    await mkdir(join(dir, sub));
    await chmod(join(dir, sub), 0o777);
  }
  const passwords = new Map(users.map((user) => [user, randomBytes(9).toString("base64url")]));
  await writeFile(
    join(dir, "users"),
    [...passwords].map(([user, password]) => `${user}:{PLAIN}${password}\n`).join(""),
  );
  const port = await freePort();
  const configFile = join(dir, "dovecot.conf");
  await writeFile(configFile, configuration(dir, port, `test-${randomBytes(4).toString("hex")}`));
  // The configuration is checked first, so a mistake in it reads as one, not as a start timeout.
  await run(dovecotBinary, ["-c", configFile, "-n"]).catch((error: Error & { stderr?: string }) => {
    throw new Error(`Dovecot refused the configuration:\n${error.stderr ?? error.message}`);
  });

  let output = "";
  let child: ChildProcess | undefined;
  const halt = async () => {
    const running = child;
    child = undefined;
    if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return;
    // The whole process group at once, as a crash or a cut cable would end it: on SIGTERM an
    // imap process with a client connected lingers up to ten seconds. Its clients see the
    // connection reset; the mail on disk is whole (Dovecot writes each message before it answers).
    process.kill(-running.pid, "SIGKILL");
    await exited(running);
    // Its children (login, auth, imap) are gone once nothing listens any more.
    const deadline = Date.now() + 5000;
    while (await listening(port)) {
      if (Date.now() > deadline) throw new Error("Dovecot's processes outlived its master");
      await sleep(10);
    }
  };
  const start = async () => {
    // -F: in the foreground, so this process is the master and its standard error the log.
    const started = spawn(dovecotBinary, ["-F", "-c", configFile], {
      stdio: ["ignore", "pipe", "pipe"],
      // A process group of its own: stopping it ends the master and all its children together.
      detached: true,
    });
    child = started;
    started.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    started.stderr?.on("data", (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 10_000;
    while (!(await listening(port))) {
      if (started.exitCode !== null || Date.now() > deadline) {
        await halt();
        throw new Error(`Dovecot did not start:\n${output}`);
      }
      await sleep(25);
    }
  };
  await start();

  const imapUrl = (user: string, folder = "INBOX") => {
    const password = passwords.get(user);
    if (password === undefined) throw new Error(`no such Dovecot user in this test: ${user}`);
    return `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/${encodeURIComponent(folder)}`;
  };
  const session = async <T>(user: string, work: (client: ImapFlow) => Promise<T>) => {
    const client = new ImapFlow({
      host: "127.0.0.1",
      port,
      secure: false,
      auth: { user, pass: passwords.get(user) ?? "" },
      logger: false,
      disableAutoIdle: true,
    });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };
  const exists = async (client: ImapFlow, folder: string) =>
    (await client.list()).some((entry) => entry.path === folder);

  return {
    port,
    dir,
    imapUrl,
    append: (user, raw, folder = "INBOX") =>
      session(user, async (client) => {
        if (folder !== "INBOX" && !(await exists(client, folder))) {
          await client.mailboxCreate(folder);
        }
        for (const message of Buffer.isBuffer(raw) ? [raw] : raw) {
          if (!(await client.append(folder, message))) throw new Error("APPEND refused");
        }
      }),
    list: (user, folder) =>
      session(user, async (client) => {
        if (!(await exists(client, folder))) return [];
        const lock = await client.getMailboxLock(folder, { readOnly: true });
        try {
          if (client.mailbox === false || client.mailbox.exists === 0) return [];
          const fetched = await client.fetchAll("1:*", { uid: true, source: true });
          return fetched
            .map((message) => ({ uid: message.uid, raw: message.source ?? Buffer.alloc(0) }))
            .sort((a, b) => a.uid - b.uid);
        } finally {
          lock.release();
        }
      }),
    count: (user, folder) =>
      session(user, async (client) => {
        if (!(await exists(client, folder))) return 0;
        const status = await client.status(folder, { messages: true });
        return status ? (status.messages ?? 0) : 0;
      }),
    folders: (user) => session(user, async (client) => (await client.list()).map((e) => e.path)),
    log: () => output,
    pause: halt,
    start,
    async stop() {
      await halt();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
