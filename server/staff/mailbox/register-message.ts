/**
 * «Зарегистрировать как обращение» (issue 46): a registrar makes an appeal of a waiting message,
 * through the same path a citizen's reply takes (server/mail/inbound/follow-up.ts, the form's own
 * intake: the handlers' notification, the acknowledgement within the day's cap, the files by the
 * form's rules). The author is as the registrar typed; the text and files are the message's.
 * «Повторное обращение к …» must name an appeal that exists. The appeal, the message marked
 * registered and the audit lines are one transaction; a message someone handled meanwhile is
 * refused, and nothing is stored.
 */
import { normalizePhone } from "../../../domain/appeals/appeal-schema.ts";
import type { RegisterMessageForm } from "../../../domain/staff/mailbox-port.ts";
import type { StaffViewer } from "../../../domain/staff/staff-roles.ts";
import { kirovIsoDate } from "../../../domain/time/kirov-time.ts";
import { rememberIfFull } from "../../appeals/store-appeal.ts";
import { appealEntry } from "../../db/audit-repository.ts";
import {
  type MailRegistrationData,
  readLetter,
  type StoredMailAppeal,
  storeMailAppeal,
} from "../../mail/inbound/follow-up.ts";
import type { InboundLimits } from "../../mail/inbound/inbound-types.ts";
import { checkAuthor } from "./mailbox-checks.ts";
import { type OurAddresses, rereadMessage } from "./message-view.ts";

export type RegisterDeps = {
  data: MailRegistrationData;
  limits: InboundLimits;
  ours: OurAddresses;
  /** Told after the appeal is committed (the delivery sender mails its notification at once). */
  onStored?: (() => void) | undefined;
  now: () => Date;
};

type Registered = { ok: true; appealId: string } | { ok: false; status: number; message: string };

const refused = (status: number, message: string) => ({ ok: false, status, message }) as const;

/** What the consent record of an appeal a registrar made of a letter says (none was given). */
const letterConsent = "нет: зарегистрировано из письма";

/** Thrown in the transaction when the message was handled meanwhile: nothing is stored. */
class HandledMeanwhile extends Error {}

/** The appeal a registration number names, if the registry keeps it. */
async function appealNumbered(data: RegisterDeps["data"], number: string, today: string) {
  const page = await data.appeals.registryPage({ q: number }, today, 1);
  const row = page.rows.find((found) => found.number === number);
  return row ? data.appeals.findInRegistry(row.id) : undefined;
}

export async function registerMessage(
  deps: RegisterDeps,
  viewer: StaffViewer,
  id: number,
  form: RegisterMessageForm,
): Promise<Registered> {
  const { data } = deps;
  const checked = checkAuthor(form);
  if (!checked.ok) return checked;
  const { author } = checked;
  const message = await data.inbound.waitingMessage(id);
  if (!message) return refused(404, "Письмо не найдено или уже обработано.");
  if (message.kind !== "unmatched" || !message.raw) {
    return refused(409, "Письмо не удалось прочитать: его можно только отложить.");
  }
  const at = deps.now();
  const first = author.followUpOf
    ? await appealNumbered(data, author.followUpOf, kirovIsoDate(at))
    : undefined;
  if (author.followUpOf && !first) {
    return refused(400, `Повторное обращение к: обращения ${author.followUpOf} в реестре нет.`);
  }
  const parsed = await rereadMessage(message.raw, deps.limits, deps.ours);
  if ("unreadable" in parsed)
    return refused(409, `Письмо не удалось прочитать: ${parsed.unreadable}.`);
  const letter = await readLetter(parsed);
  let stored: StoredMailAppeal;
  try {
    stored = await data.transaction(async (tx) => {
      const appeal = await storeMailAppeal(
        data,
        {
          author: {
            last_name: author.lastName,
            first_name: author.firstName,
            email: author.email,
            phone: author.phone,
            phone_normalized: author.phone === "" ? "" : (normalizePhone(author.phone) ?? ""),
            region: author.region,
          },
          // A follow-up rests on its first appeal's consent, as a reply read by the server does.
          consent: first
            ? { at: new Date(first.consent_at), textVersion: first.consent_text_version }
            : { at: new Date(message.readAt), textVersion: letterConsent },
          followUpOf: author.followUpOf,
          letter,
          at,
        },
        tx,
      );
      const marked = await data.inbound.markRegistered(
        id,
        { login: viewer.login, at, number: appeal.number, followUpOf: author.followUpOf },
        tx,
      );
      if (!marked) throw new HandledMeanwhile();
      await data.audit.record(
        appealEntry(at, viewer.login, appeal.id, "mail-registered", {
          details: `зарегистрировано из письма без обращения (письмо № ${id})`,
        }),
        tx,
      );
      if (first) {
        await data.audit.record(
          appealEntry(at, viewer.login, first.id, "follow-up-received", {
            details: `повторное обращение ${appeal.number}`,
          }),
          tx,
        );
      }
      return appeal;
    });
  } catch (error) {
    if (error instanceof HandledMeanwhile) {
      return refused(409, "Письмо уже обработано: его зарегистрировали или отложили.");
    }
    throw error;
  }
  rememberIfFull(data.acknowledgementCounts, stored.intake, stored);
  deps.onStored?.();
  return { ok: true, appealId: stored.id };
}
