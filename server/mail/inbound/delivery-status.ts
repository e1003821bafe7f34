/**
 * The machine-readable part of a delivery status notification (RFC 3464, `message/delivery-status`):
 * groups of header-like fields parted by blank lines, the first about the message, each next one
 * about one recipient (Final-Recipient, Action, Status, Diagnostic-Code).
 */
import { enhancedCode, replyCodePattern } from "./bounce-reason.ts";

export type RecipientStatus = {
  action: string | null;
  status: string | null;
  replyCode: string | null;
  diagnostic: string;
};

/** More groups than any report names: a hostile one with thousands is read no further. */
const groupsRead = 50;

function fieldGroups(text: string): Array<Map<string, string>> {
  const groups: Array<Map<string, string>> = [];
  for (const block of text.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/, groupsRead)) {
    const fields = new Map<string, string>();
    let last = "";
    for (const line of block.split("\n")) {
      if (/^[ \t]/.test(line) && last) {
        fields.set(last, `${fields.get(last)} ${line.trim()}`);
        continue;
      }
      const colon = line.indexOf(":");
      if (colon <= 0) continue;
      last = line.slice(0, colon).trim().toLowerCase();
      if (!fields.has(last)) fields.set(last, line.slice(colon + 1).trim());
    }
    if (fields.size) groups.push(fields);
  }
  return groups;
}

function recipientStatus(fields: Map<string, string>): RecipientStatus {
  const action = fields.get("action")?.toLowerCase().split(/[\s(]/)[0] || null;
  // Diagnostic-Code: smtp; 550 5.1.1 <…>: Recipient address rejected: User unknown
  // Its start says what matters; a hostile one is read no further.
  const diagnostic = (fields.get("diagnostic-code") ?? "")
    .slice(0, 2000)
    .replace(/^[\w-]+\s*;\s*/, "");
  const declared = enhancedCode.exec(fields.get("status") ?? "")?.[0] ?? null;
  const inDiagnostic = enhancedCode.exec(diagnostic)?.[0] ?? null;
  // A generic '5.0.0' yields to the diagnostic's own code of the same class ('5.1.1').
  const status =
    declared && inDiagnostic && declared.endsWith(".0.0") && declared[0] === inDiagnostic[0]
      ? inDiagnostic
      : (declared ?? inDiagnostic);
  const replyCode = replyCodePattern.exec(diagnostic)?.[1] ?? null;
  return { action, status, replyCode, diagnostic };
}

/**
 * The recipient a report is about: the first that failed, else the first delayed, else the
 * first named. `undefined` when the report names no recipient.
 */
export function readDeliveryStatus(text: string): {
  chosen: RecipientStatus | undefined;
  actions: string[];
} {
  const recipients = fieldGroups(text)
    .filter((fields) => fields.has("action") || fields.has("final-recipient"))
    .map(recipientStatus);
  const chosen =
    recipients.find((recipient) => recipient.action === "failed") ??
    recipients.find((recipient) => recipient.action === "delayed") ??
    recipients[0];
  return { chosen, actions: recipients.map((recipient) => recipient.action ?? "") };
}
