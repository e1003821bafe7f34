// Issue 46: the Russian words staff read for why a mail came back, from the status code when it
// names the cause, else from the remote server's own words.
import assert from "node:assert/strict";
import { test } from "node:test";
import { type BounceClues, bounceReason } from "./bounce-reason.ts";

const none: BounceClues = {
  status: null,
  replyCode: null,
  action: null,
  words: "",
  delayedHint: false,
};

const cases: Array<[Partial<BounceClues>, boolean, string]> = [
  [{ status: "5.1.1" }, true, "нет такого адреса"],
  [{ status: "5.1.0", words: "mailbox full" }, true, "нет такого адреса"],
  [{ replyCode: "550", words: "550 User unknown" }, true, "нет такого адреса"],
  [{ replyCode: "550", words: "Адресат не найден" }, true, "нет такого адреса"],
  [
    { status: "5.4.1", words: "Recipient address rejected: Access denied" },
    true,
    "нет такого адреса",
  ],
  [{ status: "5.2.2" }, true, "ящик переполнен"],
  [{ status: "4.2.2" }, false, "ящик переполнен"],
  [{ replyCode: "552", words: "552 Requested action aborted" }, true, "ящик переполнен"],
  [
    { replyCode: "552", words: "552 Message size exceeds fixed limit" },
    true,
    "письмо не доставлено (код 552)",
  ],
  [{ status: "5.0.0", words: "Mailbox quota exceeded" }, true, "ящик переполнен"],
  [{ status: "5.1.2" }, true, "домен не существует"],
  [{ status: "5.4.4" }, true, "домен не существует"],
  [
    { status: "5.0.0", words: "Name service error for name=x.ru type=MX: NXDOMAIN" },
    true,
    "домен не существует",
  ],
  [{ words: "Unrouteable address" }, true, "домен не существует"],
  [{ status: "5.7.1" }, true, "письмо отклонено как нежелательное"],
  [
    { status: "5.7.606", words: "Access denied, banned sending IP" },
    true,
    "письмо отклонено как нежелательное",
  ],
  [
    { replyCode: "554", words: "554 Message rejected as spam" },
    true,
    "письмо отклонено как нежелательное",
  ],
  [{ status: "4.4.1" }, false, "временная ошибка доставки"],
  [
    { status: "4.7.1", words: "greylisted, blocked for 5 minutes" },
    false,
    "временная ошибка доставки",
  ],
  [{ replyCode: "451" }, false, "временная ошибка доставки"],
  [{ action: "delayed" }, false, "временная ошибка доставки"],
  [{ action: "failed" }, true, "письмо не доставлено"],
  [{ delayedHint: true }, false, "временная ошибка доставки"],
  [{ status: "5.3.4" }, true, "письмо не доставлено (код 5.3.4)"],
  [{ replyCode: "554", words: "554 Transaction failed" }, true, "письмо не доставлено (код 554)"],
  [{}, true, "письмо не доставлено"],
];

for (const [clues, permanent, reason] of cases) {
  test(`${JSON.stringify(clues)} → ${permanent ? "permanent" : "temporary"}, «${reason}»`, () => {
    const result = bounceReason({ ...none, ...clues });
    assert.deepEqual(result, { permanent, status: clues.status ?? null, reason });
  });
}
