import assert from "node:assert/strict";
import { test } from "node:test";
import { ConfigError, loadConfig, loadStoreConfig } from "./config.ts";

test("defaults: port 8000 on all interfaces, SQLite file under data/", () => {
  const config = loadConfig({});
  assert.equal(config.port, 8000);
  assert.equal(config.host, "0.0.0.0");
  assert.deepEqual(config.database, {
    kind: "sqlite",
    path: "data/appeals.sqlite",
    diskReserveMiB: 64,
  });
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
    diskReserveMiB: 64,
  });
  assert.deepEqual(loadConfig({ DATABASE_URL: "sqlite:///var/lib/appeals.db" }).database, {
    kind: "sqlite",
    path: "/var/lib/appeals.db",
    diskReserveMiB: 64,
  });
});

test("the commands read the store and its disk reserve as the server does (issue 40)", () => {
  const env = { DATABASE_URL: "sqlite:/var/lib/appeals.db", DISK_RESERVE_MB: "8" };
  const store = { kind: "sqlite", path: "/var/lib/appeals.db", diskReserveMiB: 8 };
  assert.deepEqual(loadStoreConfig(env), store);
  assert.deepEqual(loadConfig(env).database, store);
  assert.deepEqual(loadStoreConfig({ DATABASE_URL: "postgres://app@127.0.0.1/appeals" }), {
    kind: "postgres",
    url: "postgres://app@127.0.0.1/appeals",
  });
  // Only its two variables: a command does not stop on a setting of the server's alone.
  assert.equal(loadStoreConfig({ PORT: "eighty" }).kind, "sqlite");
  assert.throws(
    () => loadStoreConfig({ DISK_RESERVE_MB: "2" }),
    (error: Error) =>
      error instanceof ConfigError && /DISK_RESERVE_MB="2": must be from 4/.test(error.message),
  );
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

test("SITE_URL: http://localhost:8000 in development, an https origin as given", () => {
  assert.equal(loadConfig({}).siteUrl, "http://localhost:8000");
  assert.equal(loadConfig({ SITE_URL: "http://127.0.0.1:8000" }).siteUrl, "http://127.0.0.1:8000");
  assert.equal(
    loadConfig({ NODE_ENV: "production", SITE_URL: "https://agrochem-kirov.ru/" }).siteUrl,
    "https://agrochem-kirov.ru",
  );
  assert.equal(loadConfig({}).posWidgetId, undefined);
  assert.equal(loadConfig({ POS_WIDGET_ID: "123456" }).posWidgetId, "123456");
});

test("a missing or bad SITE_URL or POS_WIDGET_ID stops the start with a clear message", () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ NODE_ENV: "production" }, /SITE_URL=undefined: required in production/],
    [
      { NODE_ENV: "production", SITE_URL: "http://agrochem-kirov.ru" },
      /SITE_URL="http:\/\/agrochem-kirov.ru": must be an https:\/\/ address in production/,
    ],
    [
      { NODE_ENV: "production", SITE_URL: "http://localhost:8000" },
      /SITE_URL=.*must be an https:\/\/ address in production/,
    ],
    [
      { SITE_URL: "agrochem-kirov.ru" },
      /SITE_URL="agrochem-kirov.ru": must be an absolute address/,
    ],
    [{ SITE_URL: "http://agrochem-kirov.ru" }, /http:\/\/ only for localhost/],
    [{ SITE_URL: "https://agrochem-kirov.ru/site/" }, /origin only, with no path/],
    [{ SITE_URL: "https://agrochem-kirov.ru/?a=1" }, /origin only/],
    [{ POS_WIDGET_ID: "abc" }, /POS_WIDGET_ID="abc": must be the organisation's numeric id/],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => error instanceof ConfigError && message.test(error.message),
      String(message),
    );
  }
});

test("mail: off without SMTP_URL; 10 tries from a 30-second wait by default", () => {
  const config = loadConfig({});
  assert.deepEqual(config.mail, {
    smtpUrl: null,
    notifyTo: [],
    anticorruptionNotifyTo: [],
    from: "",
    retry: { firstWaitMs: 30_000, maxAttempts: 10 },
    leaseMs: 30_000,
    connections: 4,
  });
});

test("mail: reads SMTP_URL, APPEALS_NOTIFY_TO, ANTICORRUPTION_NOTIFY_TO, MAIL_FROM and the retry settings", () => {
  const config = loadConfig({
    SMTP_URL: "smtps://site:s3cret@mail.example.ru:465",
    APPEALS_NOTIFY_TO: "priemnaya@example.ru, Юрист <yurist@example.ru>",
    ANTICORRUPTION_NOTIFY_TO: "korrupciya@example.ru",
    MAIL_FROM: "Сайт агрохимслужбы <noreply@example.ru>",
    MAIL_RETRY_FIRST_WAIT_MS: "1000",
    MAIL_MAX_ATTEMPTS: "5",
    MAIL_LEASE_MS: "60000",
    MAIL_CONNECTIONS: "2",
  });
  assert.deepEqual(config.mail, {
    smtpUrl: "smtps://site:s3cret@mail.example.ru:465",
    notifyTo: ["priemnaya@example.ru", "yurist@example.ru"],
    anticorruptionNotifyTo: ["korrupciya@example.ru"],
    from: "Сайт агрохимслужбы <noreply@example.ru>",
    retry: { firstWaitMs: 1000, maxAttempts: 5 },
    leaseMs: 60_000,
    connections: 2,
  });
});

test("mail: a bad setting stops the start; the SMTP password is never shown", () => {
  const withSmtp = {
    SMTP_URL: "smtp://site:s3cret@mail.example.ru:587",
    APPEALS_NOTIFY_TO: "priemnaya@example.ru",
    MAIL_FROM: "noreply@example.ru",
  };
  const cases: Array<[Record<string, string>, RegExp]> = [
    [
      { ...withSmtp, SMTP_URL: "http://site:s3cret@x" },
      /SMTP_URL="http:\/\/site:\*\*\*@x\/?": must start with smtp:\/\/ or smtps:\/\//,
    ],
    [
      { ...withSmtp, SMTP_URL: "smtp://site:s3cret@" },
      /SMTP_URL="smtp:\/\/site:\*\*\*@": not a valid URL/,
    ],
    [
      { ...withSmtp, APPEALS_NOTIFY_TO: "priemnaya@, yurist@example.ru" },
      /APPEALS_NOTIFY_TO="priemnaya@, yurist@example.ru": must be e-mail addresses/,
    ],
    [{ ...withSmtp, MAIL_FROM: "a@example.ru, b@example.ru" }, /MAIL_FROM=.*: must be one address/],
    [
      { SMTP_URL: withSmtp.SMTP_URL },
      /APPEALS_NOTIFY_TO=undefined: must be set when SMTP_URL is[\s\S]*MAIL_FROM=undefined: must be set/,
    ],
    [{ MAIL_MAX_ATTEMPTS: "0" }, /MAIL_MAX_ATTEMPTS="0": must be at least 1/],
    [{ MAIL_MAX_ATTEMPTS: "500" }, /MAIL_MAX_ATTEMPTS="500": must be at most 100/],
    [
      { MAIL_RETRY_FIRST_WAIT_MS: "soon" },
      /MAIL_RETRY_FIRST_WAIT_MS="soon": must be a whole number/,
    ],
  ];
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.match(error.message, message);
        assert.ok(!error.message.includes("s3cret"), error.message);
        return true;
      },
    );
  }
});

test("REMINDER_TIME: Kirov time HH:MM, 08:00 by default, or off; anything else stops the start", () => {
  assert.equal(loadConfig({}).reminderTime, "08:00");
  assert.equal(loadConfig({ REMINDER_TIME: "07:30" }).reminderTime, "07:30");
  assert.equal(loadConfig({ REMINDER_TIME: "off" }).reminderTime, null);
  for (const bad of ["8:00", "24:00", "08:60", "morning"]) {
    assert.throws(() => loadConfig({ REMINDER_TIME: bad }), /REMINDER_TIME="[^"]*": must be HH:MM/);
  }
});

test("localhost origins are allowed in development only", () => {
  assert.equal(loadConfig({}).allowLocalhostOrigins, true);
  assert.equal(loadConfig({ NODE_ENV: "development" }).allowLocalhostOrigins, true);
  const production = { NODE_ENV: "production", SITE_URL: "https://agrochem-kirov.ru" };
  assert.equal(loadConfig(production).allowLocalhostOrigins, false);
});

test("backups: off without BACKUP_DIR; 14 kept, daily at 03:00 Kirov time by default", () => {
  assert.equal(loadConfig({}).backup, null);
  assert.deepEqual(loadConfig({ BACKUP_DIR: "/var/backups/site" }).backup, {
    dir: "/var/backups/site",
    keep: 14,
    time: "03:00",
  });
  assert.deepEqual(
    loadConfig({ BACKUP_DIR: "b", BACKUP_KEEP: "30", BACKUP_TIME: "23:15" }).backup,
    { dir: "b", keep: 30, time: "23:15" },
  );
  assert.throws(() => loadConfig({ BACKUP_KEEP: "0" }), /BACKUP_KEEP="0": must be at least 1/);
  assert.throws(() => loadConfig({ BACKUP_TIME: "3:00" }), /BACKUP_TIME="3:00": must be HH:MM/);
  assert.throws(() => loadConfig({ BACKUP_TIME: "off" }), /BACKUP_TIME="off"/);
});

test("METRICS_ALLOW: loopback by default, else addresses or ranges; anything else stops the start", () => {
  assert.deepEqual(loadConfig({}).metricsAllow, ["127.0.0.1", "::1"]);
  assert.deepEqual(loadConfig({ METRICS_ALLOW: "10.0.0.0/8, 192.0.2.7" }).metricsAllow, [
    "10.0.0.0/8",
    "192.0.2.7",
  ]);
  assert.throws(() => loadConfig({ METRICS_ALLOW: "everyone" }), /METRICS_ALLOW="everyone"/);
  assert.throws(
    () => loadConfig({ TRUST_PROXY: "proxy" }),
    /must be false, a number of proxy hops, or IP/,
  );
});

test("PUBLISH_HEARTBEAT_MS: the listener's heartbeat, 5 s by default, 100 ms to 10 min", () => {
  assert.equal(loadConfig({}).publishHeartbeatMs, 5000);
  assert.equal(loadConfig({ PUBLISH_HEARTBEAT_MS: "1000" }).publishHeartbeatMs, 1000);
  for (const value of ["50", "600001", "1s"]) {
    assert.throws(
      () => loadConfig({ PUBLISH_HEARTBEAT_MS: value }),
      (error: Error) =>
        error instanceof ConfigError && error.message.includes(`PUBLISH_HEARTBEAT_MS="${value}"`),
    );
  }
});

test("the archive: only the corruption report permanent and cases 01-11 / 01-12 by default; ARCHIVE_* as given", () => {
  assert.deepEqual(loadConfig({}).archive, {
    permanentTopics: [],
    caseIndex: { permanent: "01-11", "five-years-epk": "01-12" },
  });
  assert.deepEqual(
    loadConfig({
      ARCHIVE_PERMANENT_TOPICS: " laboratory, soil-survey ,laboratory",
      ARCHIVE_CASE_INDEX_PERMANENT: "02-05",
      ARCHIVE_CASE_INDEX_TEMPORARY: " 02-06 ",
    }).archive,
    {
      permanentTopics: ["laboratory", "soil-survey"],
      caseIndex: { permanent: "02-05", "five-years-epk": "02-06" },
    },
  );
});

test("the archive: an unknown topic code stops the start, naming it", () => {
  assert.throws(
    () => loadConfig({ ARCHIVE_PERMANENT_TOPICS: "laboratory,proposals" }),
    (error: unknown) =>
      error instanceof ConfigError &&
      /ARCHIVE_PERMANENT_TOPICS="laboratory,proposals": unknown topic code "proposals"; the codes are: soil-survey, /.test(
        error.message,
      ),
  );
  assert.throws(
    () => loadConfig({ ARCHIVE_CASE_INDEX_TEMPORARY: "x".repeat(31) }),
    /ARCHIVE_CASE_INDEX_TEMPORARY=.*must be at most 30 characters/,
  );
});
