/**
 * IMAP_URL (issue 46): the organisation's mailbox the server reads, e.g.
 * `imaps://user:pass@mail.example.ru/INBOX`, or `imap://` for a server on the same host. The
 * user and password are URL-encoded (an address's `@` is `%40`); the path is the folder read,
 * INBOX when absent. The password never appears in a message: a refused IMAP_URL is shown with
 * it masked (server/config-store.ts), and nothing here logs the URL.
 */

export type ImapUrl = {
  host: string;
  port: number;
  /** imaps://: TLS from the first byte. imap:// upgrades by STARTTLS when the server offers it. */
  secure: boolean;
  user: string;
  password: string;
  /** The folder read (Unicode; the client writes it in IMAP's modified UTF-7). */
  folder: string;
};

const example = "imaps://user:password@mail.example.ru/INBOX";

/** Parses IMAP_URL; throws with a reason (never quoting the password) otherwise. */
export function parseImapUrl(value: string): ImapUrl {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`not a valid URL; expected e.g. ${example}`);
  }
  if (url.protocol !== "imap:" && url.protocol !== "imaps:") {
    throw new Error(`must start with imap:// or imaps://, e.g. ${example}`);
  }
  if (url.hostname === "") throw new Error(`must name a host, e.g. ${example}`);
  if (url.username === "" || url.password === "") {
    throw new Error(`must hold the mailbox's user and password, e.g. ${example}`);
  }
  let user: string;
  let password: string;
  let folder: string;
  try {
    user = decodeURIComponent(url.username);
    password = decodeURIComponent(url.password);
    folder = decodeURIComponent(url.pathname.replace(/^\//, ""));
  } catch {
    throw new Error("the user, password or folder is not correctly URL-encoded (%XX)");
  }
  const secure = url.protocol === "imaps:";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port === "" ? (secure ? 993 : 143) : Number(url.port),
    secure,
    user,
    password,
    folder: folder === "" ? "INBOX" : folder,
  };
}
