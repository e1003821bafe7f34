import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, loadConfig } from "./config.ts";

test("defaults: port 8000 on all interfaces, SQLite file under data/", () => {
  const config = loadConfig({});
  assert.equal(config.port, 8000);
  assert.equal(config.host, "0.0.0.0");
  assert.deepEqual(config.database, { kind: "sqlite", path: "data/appeals.sqlite" });
  assert.equal(config.logLevel, "info");
});

test("reads PORT, HOST, LOG_LEVEL and a postgres DATABASE_URL", () => {
  const config = loadConfig({
    PORT: "9100",
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    DATABASE_URL: "postgres://app@127.0.0.1:5432/appeals",
  });
  assert.equal(config.port, 9100);
  assert.equal(config.host, "127.0.0.1");
  assert.equal(config.logLevel, "warn");
  assert.deepEqual(config.database, {
    kind: "postgres",
    url: "postgres://app@127.0.0.1:5432/appeals",
  });
});

test("sqlite: takes relative and absolute paths", () => {
  assert.deepEqual(loadConfig({ DATABASE_URL: "sqlite:/var/lib/appeals.db" }).database, {
    kind: "sqlite",
    path: "/var/lib/appeals.db",
  });
  assert.deepEqual(loadConfig({ DATABASE_URL: "sqlite:///var/lib/appeals.db" }).database, {
    kind: "sqlite",
    path: "/var/lib/appeals.db",
  });
});

test("a bad value stops the start with a message naming the variable and the value", () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: "eighty" }, /PORT="eighty": must be a whole number/],
    [{ PORT: "70000" }, /PORT="70000": must be at most 65535/],
    [
      { DATABASE_URL: "mysql://x" },
      /DATABASE_URL="mysql:\/\/x": must start with sqlite: or postgres:\/\//,
    ],
    [{ DATABASE_URL: "sqlite:" }, /DATABASE_URL="sqlite:": sqlite: needs a file path/],
    [{ LOG_LEVEL: "loud" }, /LOG_LEVEL="loud"/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, message);
        return true;
      },
    );
  }
});

test("appeal limits and proxy trust: defaults 10 a minute, 100 a day, no proxy trusted", () => {
  const config = loadConfig({});
  assert.deepEqual(config.rateLimit, { perMinute: 10, perDay: 100 });
  assert.equal(config.trustProxy, false);
  assert.equal(config.serverBuildPath, "build/server/index.js");
});

test("reads RATE_LIMIT_PER_MINUTE, RATE_LIMIT_PER_DAY and TRUST_PROXY", () => {
  const config = loadConfig({
    RATE_LIMIT_PER_MINUTE: "30",
    RATE_LIMIT_PER_DAY: "500",
    TRUST_PROXY: "1",
  });
  assert.deepEqual(config.rateLimit, { perMinute: 30, perDay: 500 });
  assert.equal(config.trustProxy, 1);
  assert.equal(loadConfig({ TRUST_PROXY: "false" }).trustProxy, false);
  assert.equal(loadConfig({ TRUST_PROXY: "2" }).trustProxy, 2);
  assert.deepEqual(loadConfig({ TRUST_PROXY: "127.0.0.1, 10.0.0.0/8,::1" }).trustProxy, [
    "127.0.0.1",
    "10.0.0.0/8",
    "::1",
  ]);
});

test("a bad limit or proxy setting stops the start with a clear message", () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ RATE_LIMIT_PER_MINUTE: "ten" }, /RATE_LIMIT_PER_MINUTE="ten": must be a whole number/],
    [{ RATE_LIMIT_PER_MINUTE: "0" }, /RATE_LIMIT_PER_MINUTE="0": must be at least 1/],
    [{ RATE_LIMIT_PER_DAY: "-5" }, /RATE_LIMIT_PER_DAY="-5": must be a whole number/],
    [{ RATE_LIMIT_PER_DAY: "1.5" }, /RATE_LIMIT_PER_DAY="1.5": must be a whole number/],
    [{ TRUST_PROXY: "yes" }, /TRUST_PROXY="yes": must be false, a number of proxy hops/],
    [
      { TRUST_PROXY: "true" },
      /TRUST_PROXY="true": true is refused: it believes every X-Forwarded-For hop, and the leftmost is whatever the client wrote/,
    ],
    [{ TRUST_PROXY: "10.0.0.0/99" }, /TRUST_PROXY="10.0.0.0\/99".*bad: "10.0.0.0\/99"/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, message);
        return true;
      },
    );
  }
});

test("localhost origins are allowed in development only", () => {
  assert.equal(loadConfig({}).allowLocalhostOrigins, true);
  assert.equal(loadConfig({ NODE_ENV: "development" }).allowLocalhostOrigins, true);
  assert.equal(loadConfig({ NODE_ENV: "production" }).allowLocalhostOrigins, false);
});
