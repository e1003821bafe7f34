// For tests: `npm run appeals -- …` as the operator runs it, on a given store; its exit code and
// output, never a throw.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

const run = promisify(execFile);

export async function appealsCommand(
  databaseUrl: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ["scripts/appeals-cli.ts", ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
