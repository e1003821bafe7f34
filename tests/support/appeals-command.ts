// For tests: `npm run appeals -- …` and `npm run staff -- …` as the operator runs them, on a given store; its exit code and
// output, never a throw.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export function appealsCommand(
  databaseUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return operatorCommand("scripts/appeals-cli.ts", databaseUrl, args, env);
}

/** `npm run staff -- …`: the staff accounts' command, on a given store. */
export function staffCommand(
  databaseUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return operatorCommand("scripts/staff-cli.ts", databaseUrl, args, env);
}

async function operatorCommand(
  script: string,
  databaseUrl: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [script, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
