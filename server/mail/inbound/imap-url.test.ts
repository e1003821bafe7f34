// IMAP_URL as the server's configuration reads it: off by default, the parts of a good URL
// decoded, and a bad one refused at start with a message naming the variable and never quoting
// the password.
import assert from "node:assert/strict";
import { test } from "node:test";
import { loadConfig } from "../../config.ts";
import { parseImapUrl } from "./imap-url.ts";

test("off without IMAP_URL", () => {
  assert.equal(loadConfig({}).imap, null);
});

test("imaps:// and imap://: host, port, TLS, the user and password decoded, the folder", () => {
  assert.deepEqual(
    loadConfig({ IMAP_URL: "imaps://priem%40example.ru:p%40ss%3Aw%2Frd@mail.example.ru/INBOX" })
      .imap,
    {
      host: "mail.example.ru",
      port: 993,
      secure: true,
      user: "priem@example.ru",
      password: "p@ss:w/rd",
      folder: "INBOX",
    },
  );
  assert.deepEqual(parseImapUrl("imap://reader:secret@127.0.0.1:10143"), {
    host: "127.0.0.1",
    port: 10143,
    secure: false,
    user: "reader",
    password: "secret",
    folder: "INBOX",
  });
  assert.equal(
    parseImapUrl("imap://a:b@[::1]/%D0%92%D1%85%D0%BE%D0%B4%D1%8F%D1%89%D0%B8%D0%B5").host,
    "::1",
  );
  assert.equal(
    parseImapUrl("imap://a:b@host/%D0%92%D1%85%D0%BE%D0%B4%D1%8F%D1%89%D0%B8%D0%B5").folder,
    "Входящие",
  );
});

test("a bad IMAP_URL stops the start, named, its password masked", () => {
  const refused = (value: string, reason: RegExp) =>
    assert.throws(
      () => loadConfig({ IMAP_URL: value }),
      (error: Error) => {
        assert.match(error.message, /IMAP_URL=/);
        assert.match(error.message, reason);
        assert.doesNotMatch(error.message, /s3cret/, "the password is never shown");
        return true;
      },
    );
  refused("https://reader:s3cret@mail.example.ru/INBOX", /must start with imap:\/\/ or imaps:\/\//);
  refused("imap://reader:s3cret@", /not a valid URL|must name a host/);
  refused("imap://mail.example.ru/INBOX", /must hold the mailbox's user and password/);
  refused("imap://reader@mail.example.ru/INBOX", /must hold the mailbox's user and password/);
  refused("imap://reader:s3cret%E0@mail.example.ru/INBOX", /not correctly URL-encoded/);
});
