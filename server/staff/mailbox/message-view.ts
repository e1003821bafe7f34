/**
 * A waiting message as the registrar's page shows it (issue 46): read again from the copy kept
 * while it waits, by helper G's `readInbound` (limits as the reader's), its files judged by the
 * form's rules as a registration would judge them. A bounce or an auto-reply that matched nothing
 * waits too: its text is read all the same. Nothing here changes the store.
 */
import { cleanFileName } from "../../../domain/attachments/submitted-file.ts";
import type { WaitingMessageView } from "../../../domain/staff/mailbox-port.ts";
import type { WaitingMessage } from "../../db/inbound-repository.ts";
import { judgeInboundFiles } from "../../mail/inbound/follow-up-files.ts";
import type { InboundLimits, ParsedInbound } from "../../mail/inbound/inbound-types.ts";
import { parseMessage, plainText, toParsedInbound } from "../../mail/inbound/parse-inbound.ts";
import { readInbound } from "../../mail/inbound/read-inbound.ts";

/** What `readInbound` needs to tell our own bounces (MAIL_RETURN_PATH's parts). */
export type OurAddresses = { returnPathLocal: string | null; domain: string };

export function ourAddressesOf(returnPath: string | undefined): OurAddresses {
  const at = returnPath?.lastIndexOf("@") ?? -1;
  return returnPath && at > 0
    ? { returnPathLocal: returnPath.slice(0, at), domain: returnPath.slice(at + 1) }
    : { returnPathLocal: null, domain: "" };
}

/** The message parsed, whatever it is; or why it cannot be read. */
export async function rereadMessage(
  raw: Buffer,
  limits: InboundLimits,
  ours: OurAddresses,
): Promise<ParsedInbound | { unreadable: string }> {
  const verdict = await readInbound(raw, limits, ours);
  if (verdict.kind === "mail") return verdict.parsed;
  if (verdict.kind === "unreadable") return { unreadable: verdict.reason };
  try {
    const parsed = await parseMessage(raw, limits);
    if ("unreadable" in parsed) return parsed;
    return toParsedInbound(parsed.email, limits, plainText(parsed.email));
  } catch {
    return { unreadable: "не удалось разобрать письмо: ошибка при чтении" };
  }
}

export async function waitingMessageView(
  message: WaitingMessage,
  limits: InboundLimits,
  ours: OurAddresses,
): Promise<WaitingMessageView> {
  const { raw, ...summary } = message;
  const bare = { ...summary, fromName: null, text: "", files: [] };
  if (!raw) return bare;
  const parsed = await rereadMessage(raw, limits, ours);
  if ("unreadable" in parsed) return { ...bare, reason: summary.reason ?? parsed.unreadable };
  const judged = await judgeInboundFiles(parsed.attachments);
  // A refused file is named as the rules clean its name; its size is the one the message gave.
  const sizes = new Map(
    parsed.attachments.map((file) => [cleanFileName(file.fileName), file.content.length]),
  );
  return {
    ...summary,
    fromName: parsed.from?.name.trim() || null,
    text: parsed.text,
    files: [
      ...judged.accepted.map((file) => ({
        fileName: file.fileName,
        byteSize: file.content.length,
        refused: null,
      })),
      ...judged.refused.map((file) => ({
        fileName: file.fileName,
        byteSize: sizes.get(file.fileName) ?? 0,
        refused: file.reason,
      })),
    ],
  };
}
