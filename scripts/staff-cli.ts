// Staff accounts of the registry at /staff: `npm run staff -- add <login> [--role R] [--email E]`,
// `… role <login> <role> [--email E]`, `… disable <login>`, `… list`. Works on the store DATABASE_URL names, as the server does. The password of a new
// account comes from STAFF_PASSWORD, or is asked for (not echoed) when standard input is a terminal.
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { isStaffRole, type StaffRole, staffRoles } from "../domain/staff/staff-roles.ts";
import { type DatabaseConfig, defaultDatabaseUrl, loadStoreConfig } from "../server/config.ts";
import { openDataLayer } from "../server/db/data-layer.ts";
import { defaultDiskReserveMiB } from "../server/db/sqlite-disk-limits.ts";
import { hashPassword, passwordProblem } from "../server/staff/auth/passwords.ts";

const usage = `Usage: npm run staff -- <command>

  add <login> [--role ROLE] [--email ADDRESS]
                    create an account; the password from STAFF_PASSWORD or a prompt
                    (at least 12 characters); ROLE is registrar, executor, head (the
                    default) or admin; ADDRESS gets the mails for this person (assignments)
  role <login> <role> [--email ADDRESS]
                    change an account's role (and e-mail)
  disable <login>   disable an account and end its sessions (kept for the audit log)
  list              print the accounts

The store is the one DATABASE_URL names (default ${defaultDatabaseUrl}), written under the
disk reserve DISK_RESERVE_MB sets (default ${defaultDiskReserveMiB} MiB), as the server writes it.`;

const loginPattern = /^[a-z0-9._-]{2,64}$/;
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function roleOf(text: string | undefined): StaffRole | undefined {
  if (text === undefined) return undefined;
  if (!isStaffRole(text)) fail(`Unknown role "${text}": one of ${staffRoles.join(", ")}.`);
  return text;
}

function emailOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (!emailPattern.test(text)) fail(`"${text}" is not an e-mail address.`);
  return text;
}

function fail(message: string, code = 2): never {
  console.error(code === 2 ? `${message}\n\n${usage}` : message);
  process.exit(code);
}

/** Reads a line from a terminal without echoing it. */
async function promptHidden(question: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) fail("Set STAFF_PASSWORD or run in a terminal to type the password.", 1);
  process.stdout.write(question);
  input.setRawMode(true);
  input.resume();
  input.setEncoding("utf8");
  return new Promise((resolve) => {
    let typed = "";
    const onData = (chunk: string) => {
      for (const character of chunk) {
        if (character === "\r" || character === "\n") {
          input.setRawMode(false);
          input.pause();
          input.off("data", onData);
          process.stdout.write("\n");
          resolve(typed);
          return;
        }
        if (character === "\u0003") process.exit(130);
        if (character === "\u007f") typed = typed.slice(0, -1);
        else typed += character;
      }
    };
    input.on("data", onData);
  });
}

async function newPassword(): Promise<string> {
  const fromEnv = process.env.STAFF_PASSWORD;
  const password = fromEnv ?? (await promptHidden("Password: "));
  const problem = passwordProblem(password);
  if (problem) fail(`Not added: ${problem}.`, 1);
  if (fromEnv === undefined && (await promptHidden("Repeat the password: ")) !== password) {
    fail("Not added: the passwords differ.", 1);
  }
  return password;
}

async function main() {
  const options = {
    help: { type: "boolean" },
    role: { type: "string" },
    email: { type: "string" },
  } as const;
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options, allowPositionals: true });
  } catch (error) {
    fail((error as Error).message);
  }
  if (parsed.values.help) {
    console.log(usage);
    return;
  }
  const [command, login, ...positionals] = parsed.positionals;
  if (command === undefined) fail("No command given.");
  if (!["add", "role", "disable", "list"].includes(command)) fail(`Unknown command "${command}".`);
  const role = roleOf(command === "role" ? positionals[0] : parsed.values.role);
  const email = emailOf(parsed.values.email);
  if (command === "role" && role === undefined) fail(`"role" needs a login and a role.`);
  if ((command === "disable" || command === "list") && (role || email)) {
    fail(`"${command}" takes no --role or --email.`);
  }
  const rest = command === "role" ? positionals.slice(1) : positionals;
  if (command !== "list" && login === undefined) fail(`"${command}" needs a login.`);
  if (command !== "list" && !loginPattern.test(login ?? "")) {
    fail("A login is 2–64 of a-z, 0-9, '.', '_', '-'.");
  }
  if (rest.length > 0 || (command === "list" && login !== undefined)) {
    fail(`Unexpected argument "${rest[0] ?? login}".`);
  }

  let database: DatabaseConfig;
  try {
    // DATABASE_URL and DISK_RESERVE_MB, read as the server reads them.
    database = loadStoreConfig();
  } catch (error) {
    fail((error as Error).message);
  }
  if (command !== "add" && database.kind === "sqlite" && !existsSync(database.path)) {
    fail(`No store at ${database.path} (DATABASE_URL).`, 1);
  }
  const password = command === "add" ? await newPassword() : "";
  const data = await openDataLayer(database);
  const staff = data.staffAccounts;
  try {
    if (command === "add" && login) {
      const result = await staff.addUser(login, await hashPassword(password), new Date(), {
        role,
        email,
      });
      if (result === "exists") fail(`An account "${login}" exists already.`, 1);
      console.log(`Account "${login}" added (${role ?? "head"}).`);
    } else if (command === "role" && login && role) {
      if (!(await staff.setRole(login, role, email))) fail(`No account "${login}".`, 1);
      console.log(`Account "${login}" is now ${role}.`);
    } else if (command === "disable" && login) {
      if (!(await staff.disableUser(login, new Date()))) fail(`No account "${login}".`, 1);
      console.log(`Account "${login}" disabled; its sessions are ended.`);
    } else {
      const users = await staff.listUsers();
      if (users.length === 0) console.log("No accounts.");
      for (const user of users) {
        const status = user.disabled_at ? `disabled ${user.disabled_at}` : "active";
        const mail = user.email ?? "no e-mail";
        console.log(`${user.login}  ${user.role}  ${mail}  created ${user.created_at}  ${status}`);
      }
    }
  } finally {
    await data.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(`Could not change the staff accounts: ${(error as Error).message}`);
  process.exit(1);
}
