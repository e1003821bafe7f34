/**
 * Who may do what in the registry, as data: the roles of an organisation's appeals office and the
 * capabilities of each. The server checks every request against `can` (and, for an executor,
 * that the appeal is assigned to them); the pages show only what the role may do.
 *
 *   registrar  registers, forwards, assigns; sees every appeal
 *   executor   works on the appeals assigned to them: drafts answers and notices (forward,
 *              extend, leave without an answer); sees only those
 *   head       everything, approves answers and notices, keeps reply templates, sees the
 *              statistics
 *   admin      accounts only: no appeal at all
 *   editor     the public site's content only (issue 28): edits pages, no appeal at all; with
 *              CONTENT_APPROVAL on, what they change waits for a head
 */
export const staffRoles = ["registrar", "executor", "head", "admin", "editor"] as const;

export type StaffRole = (typeof staffRoles)[number];

export const staffRoleLabels: Record<StaffRole, string> = {
  registrar: "регистратор",
  executor: "исполнитель",
  head: "руководитель",
  admin: "администратор",
  editor: "редактор сайта",
};

export function isStaffRole(value: string): value is StaffRole {
  return (staffRoles as readonly string[]).includes(value);
}

const staffCapabilities = [
  /** Every appeal, not only those assigned to the viewer. */
  "see-all-appeals",
  "register",
  "start",
  "assign",
  /** Forward, leave without an answer, extend: at once, or a draft (see below). */
  "forward",
  "leave-without-answer",
  "extend",
  "notice-sent",
  /** Writes an answer: at once, or a draft (see below). */
  "answer",
  /**
   * What this person sends the citizen (an answer, a notice) goes out at once. Without it, with
   * ANSWER_APPROVAL on, it is a draft that waits for 'approve-answer' / 'approve-notice'.
   */
  "send-without-approval",
  "approve-answer",
  /** Approves or returns a drafted forward, extension or leaving without an answer. */
  "approve-notice",
  "retry-mail",
  "notes",
  /** Picks the appeal's topic from the classifier. */
  "set-topic",
  "manage-templates",
  "statistics",
  "accounts",
  /** Is told on the list that mail held by a restore waits for the operator (decision 0022). */
  "held-mail",
  /** Works on the appeals at all (the registry's list and pages); an editor and an admin do not. */
  "appeals",
  /** Edits the public site's content (/staff/site): drafts, previews, submits. */
  "edit-site",
  /** Publishes site content without a second pair of eyes, and approves or returns others'. */
  "approve-site",
] as const;

export type StaffCapability = (typeof staffCapabilities)[number];

const capabilitiesOf: Record<StaffRole, readonly StaffCapability[]> = {
  registrar: [
    "see-all-appeals",
    "register",
    "assign",
    "forward",
    "send-without-approval",
    "notice-sent",
    "retry-mail",
    "notes",
    "set-topic",
    "appeals",
  ],
  executor: [
    "start",
    "answer",
    "forward",
    "leave-without-answer",
    "extend",
    "retry-mail",
    "notes",
    "set-topic",
    "appeals",
  ],
  head: staffCapabilities.filter((capability) => capability !== "accounts"),
  admin: ["accounts", "held-mail"],
  editor: ["edit-site"],
};

/** What staff read when their role lacks the capability an action needs. */
export const roleRefusal = "Это действие недоступно для вашей роли.";

export function can(role: StaffRole, capability: StaffCapability): boolean {
  return capabilitiesOf[role].includes(capability);
}

/**
 * Whether what this role sends the citizen (an answer, a notice) waits for a head's approval,
 * with approval on or off (ANSWER_APPROVAL).
 */
export function waitsForApproval(role: StaffRole, approval: boolean): boolean {
  return approval && !can(role, "send-without-approval");
}

/**
 * Whether what this role changes on the public site goes live at once (a head; anyone who edits,
 * with CONTENT_APPROVAL off) or waits for a head's approval.
 */
export function publishesSiteDirectly(role: StaffRole, approval: boolean): boolean {
  return can(role, "edit-site") && (!approval || can(role, "approve-site"));
}

/** Where a signed-in staff member starts: the registry, or the site's content for a site editor. */
export function staffHomeOf(role: StaffRole): "/staff" | "/staff/site" {
  return !can(role, "appeals") && can(role, "edit-site") ? "/staff/site" : "/staff";
}

/** Whether the viewer may see this appeal at all: everyone's, or the ones assigned to them. */
export function maySeeAppeal(
  viewer: { login: string; role: StaffRole },
  appeal: { assignee: string | null },
): boolean {
  if (can(viewer.role, "see-all-appeals")) return true;
  return viewer.role === "executor" && appeal.assignee === viewer.login;
}

/** A signed-in staff member as the registry's rules see them. */
export type StaffViewer = { login: string; role: StaffRole };

/** The capability each form on an appeal's page needs (domain/staff/appeal-action-form.ts). */
export const intentCapabilities = {
  register: "register",
  start: "start",
  forward: "forward",
  "leave-without-answer": "leave-without-answer",
  extend: "extend",
  "notice-sent": "notice-sent",
  "retry-notification": "retry-mail",
  answer: "answer",
  "answer-preview": "answer",
  "retry-answer": "retry-mail",
  "answer-by-post": "retry-mail",
  "approve-answer": "approve-answer",
  "return-answer": "approve-answer",
  "approve-notice": "approve-notice",
  "return-notice": "approve-notice",
  assign: "assign",
  note: "notes",
} as const satisfies Record<string, StaffCapability>;
