/**
 * Each kind of delivery becomes its mail here, when it is sent: the recipients resolved (a group
 * from the server's settings, an address as written), the content built from the store as it is
 * then. One place for every kind, so the one sender (delivery-sender.ts) sends them all alike.
 */

import { isNoticeKind } from "../../content/notice-templates.ts";
import { pastReviewDate } from "../../domain/site-content/review-date.ts";
import { isEditablePage } from "../../domain/site-content/site-editions.ts";
import { registryQueryParams } from "../../domain/staff/registry-query.ts";
import { kirovIsoDate } from "../../domain/time/kirov-time.ts";
import type { DataLayer } from "../db/data-layer.ts";
import type { ClaimedDelivery, Recipient } from "../db/deliveries-repository.ts";
import type { RecipientGroup } from "../db/delivery-types.ts";
import { createReviewDates } from "../site-content/review-dates.ts";
import { composeAcknowledgementMail } from "./acknowledgement-mail.ts";
import { composeAnswerMail } from "./answer-mail.ts";
import { composeAppealMail } from "./appeal-mail.ts";
import { composeAssignmentMail } from "./assignment-mail.ts";
import type { MailContacts } from "./citizen-mail-layout.ts";
import type { Mailer, OutgoingMail } from "./mailer.ts";
import { composeNoticeMail } from "./notice-mail.ts";
import { composeReminderMail, dueAppealsOn } from "./reminder-mail.ts";
import {
  composeApprovalDigest,
  composeAwaitingMail,
  composePublishedMail,
  composeReturnedMail,
  composeReviewDueMail,
  type DigestEdition,
} from "./site-edition-mail.ts";

// Sending what was composed, and what it leaves, is send-composed.ts's.
export { type SentDelivery, sendComposed } from "./send-composed.ts";

export type ComposedDelivery = {
  mail: OutgoingMail;
  /** What the log may say about it: a registration number, a day; never personal data. */
  described: Record<string, string>;
};

export function createDeliveryComposer(deps: {
  data: Pick<
    DataLayer,
    "appeals" | "answers" | "attachments" | "transaction" | "audit" | "siteNotices" | "reviewDates"
  >;
  /** The handlers' addresses (APPEALS_NOTIFY_TO). */
  handlers: string[];
  /** The addresses of a corruption report's notification besides them (ANTICORRUPTION_NOTIFY_TO). */
  anticorruption?: string[];
  mailer: Pick<Mailer, "domain">;
  /** The site's origin (SITE_URL), for the links in the citizen's mails. */
  siteUrl: string;
  /** The contacts the site shows now, read as each mail is built: its signature (issue 43). */
  contacts: () => MailContacts;
}) {
  const groups: Record<RecipientGroup, string[]> = {
    handlers: deps.handlers,
    anticorruption: deps.anticorruption ?? [],
  };
  // Each address once, whatever its case, when a head's is also among the handlers'.
  const addressesOf = (recipients: Recipient[]) => {
    const seen = new Set<string>();
    return recipients
      .flatMap((recipient) =>
        "group" in recipient ? groups[recipient.group] : [recipient.address],
      )
      .filter((address) => {
        const key = address.toLowerCase();
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
  };

  /** The appeal a delivery is about, as stored now; a delivery without one cannot be built. */
  const appealOf = async (delivery: ClaimedDelivery) => {
    const appeal = delivery.appealId ? await deps.data.appeals.find(delivery.appealId) : undefined;
    if (!appeal) throw deliveryError("EAPPEAL");
    return appeal;
  };

  /** The page a site mail is about: one the site edits, or the mail cannot be built. */
  const pageOf = (delivery: ClaimedDelivery) => {
    const page = String(delivery.payload.page ?? "");
    if (!isEditablePage(page)) throw deliveryError("EPAGE");
    return page;
  };
  const reviewDates = createReviewDates({ data: deps.data });

  /** The files the citizen attached, without their bytes (decision 0045). */
  const citizenFilesOf = (appealId: string) =>
    deps.data.attachments.listOf({ kind: "appeal", id: appealId });

  return async function compose(delivery: ClaimedDelivery): Promise<ComposedDelivery> {
    const to = addressesOf(delivery.recipients);
    switch (delivery.kind) {
      case "appeal-acknowledgement": {
        const appeal = await appealOf(delivery);
        const files = await citizenFilesOf(appeal.id);
        const mail = composeAcknowledgementMail(
          appeal,
          deps.siteUrl,
          files.length,
          deps.contacts(),
        );
        return {
          mail: { to, ...mail, messageId: `<acknowledgement-${appeal.id}@${deps.mailer.domain}>` },
          described: { appeal: appeal.number },
        };
      }
      case "appeal-notice": {
        const notice = delivery.payload.notice;
        const appeal = delivery.appealId
          ? await deps.data.appeals.findInRegistry(delivery.appealId)
          : undefined;
        if (!appeal) throw deliveryError("EAPPEAL");
        if (typeof notice !== "string" || !isNoticeKind(notice)) throw deliveryError("ENOTICE");
        const mail = composeNoticeMail(notice, appeal, deps.contacts());
        return {
          mail: { to, ...mail, messageId: `<notice-${delivery.id}@${deps.mailer.domain}>` },
          described: { appeal: appeal.number, notice },
        };
      }
      case "appeal-answer": {
        const appeal = delivery.appealId
          ? await deps.data.appeals.findInRegistry(delivery.appealId)
          : undefined;
        const answer = await deps.data.answers.find(String(delivery.payload.answer ?? ""));
        if (!appeal || !answer || answer.appealId !== appeal.id) throw deliveryError("EANSWER");
        // The files as kept with the answer, read when the mail is built: byte for byte what
        // staff attached, whichever server sends it.
        const files = [];
        for (const reference of delivery.attachments) {
          const file = await deps.data.attachments.read(appeal.id, reference.id);
          if (!file) throw deliveryError("EATTACHMENT");
          files.push(file);
        }
        const mail = composeAnswerMail(
          appeal,
          {
            text: answer.text,
            outgoingNumber: answer.outgoingNumber,
            answeredOn: answer.answeredOn,
            fileNames: files.map((file) => file.fileName),
          },
          deps.contacts(),
        );
        return {
          mail: {
            to,
            ...mail,
            messageId: `<answer-${answer.id}@${deps.mailer.domain}>`,
            attachments: files.map((file) => ({
              filename: file.fileName,
              content: file.content,
              contentType: file.mediaType,
            })),
          },
          described: { appeal: appeal.number, files: String(files.length) },
        };
      }
      case "assignment-notice": {
        const appeal = delivery.appealId
          ? await deps.data.appeals.findInRegistry(delivery.appealId)
          : undefined;
        if (!appeal) throw deliveryError("EAPPEAL");
        const mail = composeAssignmentMail(appeal, deps.siteUrl, deps.contacts());
        return {
          mail: { to, ...mail, messageId: `<assignment-${delivery.id}@${deps.mailer.domain}>` },
          described: { appeal: appeal.number },
        };
      }
      case "appeal-notification": {
        const appeal = await appealOf(delivery);
        const files = await citizenFilesOf(appeal.id);
        const appealPage = new URL(`/staff/appeals/${appeal.id}`, deps.siteUrl).toString();
        const mail = composeAppealMail(appeal, { files, appealPage });
        return {
          mail: { to, ...mail, messageId: `<appeal-${appeal.id}@${deps.mailer.domain}>` },
          described: { appeal: appeal.number },
        };
      }
      case "site-awaiting-approval": {
        const page = pageOf(delivery);
        const mail = composeAwaitingMail(page, String(delivery.payload.by), deps.siteUrl);
        return {
          mail: { to, ...mail, messageId: `<site-${delivery.id}@${deps.mailer.domain}>` },
          described: { page, edition: String(delivery.payload.edition) },
        };
      }
      case "site-returned": {
        const page = pageOf(delivery);
        const { by, comment } = delivery.payload;
        const mail = composeReturnedMail(page, String(by), String(comment ?? ""), deps.siteUrl);
        return {
          mail: { to, ...mail, messageId: `<site-${delivery.id}@${deps.mailer.domain}>` },
          described: { page, edition: String(delivery.payload.edition) },
        };
      }
      case "site-published": {
        const page = pageOf(delivery);
        const scheduled = delivery.payload.how === "scheduled";
        const mail = composePublishedMail(
          page,
          String(delivery.payload.by),
          scheduled,
          deps.siteUrl,
        );
        return {
          mail: { to, ...mail, messageId: `<site-${delivery.id}@${deps.mailer.domain}>` },
          described: { page, edition: String(delivery.payload.edition) },
        };
      }
      case "site-approval-digest": {
        // What awaits approval when the mail is built: one approved meanwhile is not listed.
        const day = String(delivery.payload.day);
        const editions = (await deps.data.siteNotices.awaiting()).flatMap(
          (edition): DigestEdition[] =>
            isEditablePage(edition.page) ? [{ ...edition, page: edition.page }] : [],
        );
        const mail = composeApprovalDigest(day, editions, deps.siteUrl);
        return {
          mail: { to, ...mail, messageId: `<site-digest-${delivery.id}@${deps.mailer.domain}>` },
          described: { day, editions: String(editions.length) },
        };
      }
      case "site-review-due": {
        // Past their day on the day the job wrote the mail (or later, when it leaves later).
        const written = String(delivery.payload.day ?? "");
        const today = kirovIsoDate(new Date());
        const asOf = written > today ? written : today;
        const due = (await reviewDates.current(new Date())).filter((page) =>
          pastReviewDate(page.reviewBy, asOf),
        );
        const mail = composeReviewDueMail(due, deps.siteUrl);
        return {
          mail: { to, ...mail, messageId: `<site-review-${delivery.id}@${deps.mailer.domain}>` },
          described: { month: String(delivery.payload.month), pages: String(due.length) },
        };
      }
      case "daily-reminder": {
        const day = String(delivery.payload.day);
        // An executor's reminder lists their own appeals; the handlers' and heads', all.
        const assignee = delivery.payload.assignee;
        const due = (await dueAppealsOn(deps.data.appeals, day)).filter(
          ({ appeal }) => assignee === undefined || appeal.assignee === assignee,
        );
        // The heads' mail counts what awaits their approval, as the list's filter finds it now.
        const awaiting =
          assignee === undefined
            ? {
                count: await deps.data.appeals.countInRegistry({ approval: "awaiting" }, day),
                link: `${deps.siteUrl}/staff?${registryQueryParams({ approval: "awaiting" })}`,
              }
            : undefined;
        const mail = composeReminderMail(day, due, awaiting);
        const id = assignee === undefined ? day : `${day}-${assignee}`;
        return {
          mail: { to, ...mail, messageId: `<reminder-${id}@${deps.mailer.domain}>` },
          described: { day },
        };
      }
    }
  };
}

/** A delivery that cannot be built: recorded by its code, like an SMTP failure. */
function deliveryError(code: string): Error {
  return Object.assign(new Error(code), { code });
}
