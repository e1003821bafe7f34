// For tests: Debian's nginx run as an ordinary process with the site configuration operators
// deploy (deploy/nginx/agrochem-site.conf), changed only where a test machine must differ: the
// servers' ports, the listening ports (unprivileged, loopback), a self-signed certificate made
// here with openssl, and every file nginx writes kept in the test's own directory. Each change
// must find its text in the deployed file exactly as often as expected, so an edit there that a
// test would silently stop covering fails the test instead.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { exited, freePort } from "./server-process.ts";

const run = promisify(execFile);

export const deployedSiteConfig = "deploy/nginx/agrochem-site.conf";

export type NginxProcess = {
  child: ChildProcess;
  dir: string;
  /** The site's name as the deployed configuration serves it (server_name). */
  host: string;
  httpsPort: number;
  httpPort: number;
  /** The self-signed certificate nginx presents, for the client's `ca`. */
  certificate: string;
  /** nginx's access log: one line per request in the format below. */
  accessLog: () => Promise<AccessLogLine[]>;
  errorLog: () => Promise<string>;
  stop(): Promise<void>;
};

/** One request as nginx logged it (`log_format test_phases` below). */
export type AccessLogLine = {
  phase: string;
  method: string;
  path: string;
  status: number;
  /** Every server nginx tried for it, in order ("127.0.0.1:8001"); empty when none. */
  upstreams: string[];
  upstreamStatuses: string[];
};

/** Where Debian's nginx is; the test fails (never skips) without it. */
export async function nginxBinary(): Promise<string> {
  for (const candidate of ["/usr/sbin/nginx", "/usr/bin/nginx"]) {
    try {
      await run(candidate, ["-v"]);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(
    "nginx is not installed: this test runs Debian's nginx package (.ci/run installs it: apt-get install nginx)",
  );
}

/** Replaces `from` by `to`, which must occur exactly `times` times in the deployed file. */
function replaceExactly(text: string, from: string, to: string, times = 1): string {
  const found = text.split(from).length - 1;
  if (found !== times) {
    throw new Error(
      `${deployedSiteConfig} changed: the test expects "${from}" ${times} time(s), found ${found}; update tests/support/nginx-process.ts with it`,
    );
  }
  return text.split(from).join(to);
}

/**
 * The deployed site configuration with this machine's ports and paths. IPv6 listens are dropped:
 * containers often have no IPv6 loopback, and the test's clients connect over 127.0.0.1.
 */
export function testSiteConfig(
  deployed: string,
  ports: { upstreams: [number, number]; http: number; https: number },
  files: { certificate: string; key: string },
): string {
  let config = deployed;
  config = replaceExactly(
    config,
    "server 127.0.0.1:8001 ",
    `server 127.0.0.1:${ports.upstreams[0]} `,
  );
  config = replaceExactly(
    config,
    "server 127.0.0.1:8002 ",
    `server 127.0.0.1:${ports.upstreams[1]} `,
  );
  config = replaceExactly(config, "    listen 80;\n", `    listen 127.0.0.1:${ports.http};\n`);
  config = replaceExactly(config, "    listen [::]:80;\n", "");
  config = replaceExactly(
    config,
    "    listen 443 ssl http2;\n",
    `    listen 127.0.0.1:${ports.https} ssl http2;\n`,
  );
  config = replaceExactly(config, "    listen [::]:443 ssl http2;\n", "");
  config = replaceExactly(config, "/etc/ssl/agrochem-site/fullchain.pem", files.certificate);
  config = replaceExactly(config, "/etc/ssl/agrochem-site/privkey.pem", files.key);
  return config;
}

/**
 * The main configuration Debian's /etc/nginx/nginx.conf would be, reduced to what a proxy needs,
 * with logs and temporary files in `dir`; the pid file is given on the command line.
 */
function mainConfig(dir: string, siteFile: string): string {
  return `worker_processes auto;
error_log ${join(dir, "error.log")} warn;
events {
    worker_connections 768;
}
http {
    log_format test_phases '$http_x_test_phase $request_method $uri $status "$upstream_addr" "$upstream_status"';
    access_log ${join(dir, "access.log")} test_phases;
    client_body_temp_path ${join(dir, "client_body_temp")};
    proxy_temp_path ${join(dir, "proxy_temp")};
    fastcgi_temp_path ${join(dir, "fastcgi_temp")};
    uwsgi_temp_path ${join(dir, "uwsgi_temp")};
    scgi_temp_path ${join(dir, "scgi_temp")};
    include ${siteFile};
}
`;
}

function parseAccessLine(line: string): AccessLogLine {
  const match = /^(\S+) (\S+) (\S+) (\d{3}) "([^"]*)" "([^"]*)"$/.exec(line);
  if (!match) throw new Error(`an access log line not in the test's format: ${line}`);
  const list = (value: string | undefined) =>
    value === undefined || value === "-" ? [] : value.split(/, | : /);
  return {
    phase: match[1] ?? "-",
    method: match[2] ?? "",
    path: match[3] ?? "",
    status: Number(match[4]),
    upstreams: list(match[5]),
    upstreamStatuses: list(match[6]),
  };
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

/** nginx in front of the servers on `upstreams`, started and answering on its two ports. */
export async function startNginx(upstreams: [number, number]): Promise<NginxProcess> {
  const binary = await nginxBinary();
  const dir = await mkdtemp(join(tmpdir(), "nginx-test-"));
  // Run as root, nginx's workers become `nobody`: they must reach the temporary directories.
  await chmod(dir, 0o755);
  const certificate = join(dir, "fullchain.pem");
  const key = join(dir, "privkey.pem");
  const deployed = await readFile(deployedSiteConfig, "utf8");
  const host = /server_name (\S+);\n\n {4}ssl_certificate /.exec(deployed)?.[1];
  if (!host) throw new Error(`${deployedSiteConfig}: no server_name before the certificate`);
  await run("openssl", [
    ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
    ...["-days", "1", "-subj", `/CN=${host}`, "-addext", `subjectAltName=DNS:${host}`],
    ...["-keyout", key, "-out", certificate],
  ]);
  const ports = { upstreams, http: await freePort(), https: await freePort() };
  const siteFile = join(dir, "agrochem-site.conf");
  await writeFile(siteFile, testSiteConfig(deployed, ports, { certificate, key }));
  const configFile = join(dir, "nginx.conf");
  await writeFile(configFile, mainConfig(dir, siteFile));
  const pidFile = join(dir, "nginx.pid");
  const args = ["-p", dir, "-e", join(dir, "error.log"), "-c", configFile];
  const global = `daemon off; pid ${pidFile};`;
  // The configuration is checked first, so a mistake in it reads as one, not as a start timeout.
  await run(binary, [...args, "-t", "-q", "-g", global]).catch(
    (error: Error & { stderr?: string }) => {
      throw new Error(`nginx -t refused the configuration:\n${error.stderr ?? error.message}`);
    },
  );
  let output = "";
  const child = spawn(binary, [...args, "-g", global], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const errorLog = () => readFile(join(dir, "error.log"), "utf8").catch(() => "");
  const stop = async () => {
    // nginx's master stops its workers on SIGTERM; the master is the process started here.
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const gone = await Promise.race([exited(child).then(() => true), sleep(5000, false)]);
      if (!gone) {
        child.kill("SIGKILL");
        await exited(child);
      }
    }
  };
  const deadline = Date.now() + 10_000;
  while (!(await listening(ports.https)) || !(await listening(ports.http))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start:\n${output}\n${await errorLog()}`);
    }
    await sleep(50);
  }
  return {
    child,
    dir,
    host,
    httpsPort: ports.https,
    httpPort: ports.http,
    certificate: await readFile(certificate, "utf8"),
    async accessLog() {
      const text = await readFile(join(dir, "access.log"), "utf8").catch(() => "");
      return text
        .split("\n")
        .filter((line) => line !== "")
        .map(parseAccessLine);
    },
    errorLog,
    async stop() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
