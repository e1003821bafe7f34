// Runs npm scripts side by side and waits for all of them: `npm test` type-checks and lints at
// once (decision 0038). Not the build beside the type check: both write React Router's route
// types (.react-router/types), which tsc reads. Each script's output is printed whole when it
// ends; the exit code is the first failure's.
// Usage: node tests/support/run-scripts-together.ts typecheck lint
import { spawn } from "node:child_process";

const scripts = process.argv.slice(2);
if (scripts.length === 0) throw new Error("name the npm scripts to run");

const results = await Promise.all(
  scripts.map(
    (script) =>
      new Promise<number>((done) => {
        const started = performance.now();
        const child = spawn("npm", ["run", "--silent", script], {
          stdio: ["ignore", "pipe", "pipe"],
        });
        const output: Buffer[] = [];
        child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
        child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
        child.on("error", (error) => {
          output.push(Buffer.from(`${error.message}\n`));
          done(1);
        });
        child.on("close", (code) => {
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          process.stdout.write(
            `\n── npm run ${script}: ${code === 0 ? "passed" : `failed (${code})`} in ${seconds} s\n`,
          );
          process.stdout.write(Buffer.concat(output));
          done(code ?? 1);
        });
      }),
  ),
);
const failed = results.find((code) => code !== 0);
if (failed !== undefined) process.exit(failed);
