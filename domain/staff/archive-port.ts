/**
 * What the archive pages (/staff/archive, issue 45) and an appeal's «Срок хранения» may ask of the
 * server, without importing it. Every call names the signed-in viewer; the server checks their
 * role again: the archive is a head's (anyone else gets `undefined`, shown as 404), a storage
 * term is changed by a head or a registrar. Nothing here carries personal data but what the
 * registry shows already.
 */
import type { StorageTerm } from "../archive/storage-terms.ts";
import type { ActionResult } from "./staff-ports.ts";
import type { StaffViewer } from "./staff-roles.ts";

/** An appeal's storage term as its page shows it. */
export type StorageTermView = {
  term: StorageTerm;
  /** «постоянно» or «5 лет ЭПК». */
  label: string;
  /** True while no one has chosen it: it follows the topic. */
  byDefault: boolean;
  /** The case index in the nomenclature, e.g. «01-12». */
  caseIndex: string;
  /** The standard list's article, e.g. «ст. 154 «б»». */
  article: string;
  /** The Kirov day the case was closed; null while it is open. */
  closedOn: string | null;
  /** The last day it is kept ('YYYY-MM-DD'); null: permanent, or not closed yet. */
  termEnd: string | null;
  /** The number of the act that lists it now (a draft or approved), if any. */
  onAct: string | null;
};

/** A case whose term has ended, as the archive lists it. */
export type DueCase = {
  appealId: string;
  number: string;
  /** Kirov day received. */
  receivedOn: string;
  closedOn: string;
  topicLabel: string;
  termLabel: string;
  termEnd: string;
  /** The number of the draft act that lists it already, if any. */
  onDraftAct: string | null;
};

/** The due cases closed in one year. */
export type DueYear = { closedYear: number; termEnd: string; cases: DueCase[] };

export type ArchiveActState = "draft" | "annulled" | "approved";

export type ArchiveActSummary = {
  id: number;
  /** As printed: «3/2033» (the number within the year it was made). */
  number: string;
  madeOn: string;
  state: ArchiveActState;
  /** Cases listed and not taken off. */
  listed: number;
};

/** One line of an act's list: by value only, no personal data, kept after the case is gone. */
export type ArchiveActCase = {
  position: number;
  /** Present while the case exists (a draft's), for a link to it; null once destroyed. */
  appealId: string | null;
  registrationNumber: string;
  receivedOn: string;
  closedOn: string;
  topic: string;
  term: string;
  article: string;
  caseIndex: string;
  /** Taken off the draft: why (the commission kept it longer), by whom, when. */
  removed: { reason: string; by: string; at: string } | null;
};

export type ArchiveActView = ArchiveActSummary & {
  madeBy: string;
  madeAt: string;
  /** The closing year the act was made for; null: every due case. */
  closedYear: number | null;
  annulled: { by: string; at: string; reason: string } | null;
  approved: {
    by: string;
    at: string;
    protocolNumber: string;
    protocolDate: string;
    destroyed: number;
  } | null;
  cases: ArchiveActCase[];
  /** Grows with every change: a form made from an older version is refused. */
  version: number;
};

type ArchiveOverview = {
  today: string;
  /** Per closing year, the «5 лет ЭПК» cases whose term has ended and are not destroyed. */
  due: DueYear[];
  acts: ArchiveActSummary[];
  /** The closing years that have closed cases, for the per-year export with its inventory. */
  closedYears: number[];
};

type Refusal = Exclude<ActionResult, { ok: true }>;

export type ArchivePort = {
  /** The archive's page; undefined for anyone but a head. */
  overview(viewer: StaffViewer): Promise<ArchiveOverview | undefined>;
  /** One act with its list; undefined for anyone but a head, or no such act. */
  act(viewer: StaffViewer, id: number): Promise<ArchiveActView | undefined>;
  /** «Сформировать акт»: a draft listing the due cases (of one closing year, or all) not yet on one. */
  makeAct(
    viewer: StaffViewer,
    closedYear: number | null,
  ): Promise<{ ok: true; actId: number } | Refusal>;
  /** Takes a case off a draft, with the commission's reason. */
  removeCase(
    viewer: StaffViewer,
    actId: number,
    position: number,
    reason: string,
    version: number,
  ): Promise<ActionResult>;
  /** Annuls a draft, with a reason; its cases may go on a new one. */
  annulAct(
    viewer: StaffViewer,
    actId: number,
    reason: string,
    version: number,
  ): Promise<ActionResult>;
  /**
   * «Утвердить акт»: records the commission's protocol (number and day) and who approved it, and
   * destroys the listed cases in the same transaction. Refused if any listed case is no longer
   * due (its term changed, or it is open again).
   */
  approveAct(
    viewer: StaffViewer,
    actId: number,
    protocol: { number: string; date: string },
    version: number,
  ): Promise<ActionResult>;
  /** A head or a registrar sets an appeal's storage term, with a reason; audited. */
  setStorageTerm(
    viewer: StaffViewer,
    appealId: string,
    term: StorageTerm,
    reason: string,
  ): Promise<ActionResult>;
};
