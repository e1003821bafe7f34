/**
 * How a head hears of the site's editions awaiting their approval (issue 43): a mail each time
 * one is handed over, or one digest a day. Chosen on their own account page (/staff/account).
 */
import type { StaffViewer } from "./staff-roles.ts";

export const siteNoticeChoices = ["immediate", "daily"] as const;
export type SiteNoticeChoice = (typeof siteNoticeChoices)[number];

/** The choices as the form offers them: «Уведомления о страницах на согласовании: …». */
export const siteNoticeChoiceLabels: Record<SiteNoticeChoice, string> = {
  immediate: "сразу",
  daily: "раз в день",
};

export function isSiteNoticeChoice(value: string): value is SiteNoticeChoice {
  return (siteNoticeChoices as readonly string[]).includes(value);
}

/** The account page's port (domain/pages/page-context.ts carries it). */
export type StaffAccountPort = {
  /** The viewer's own account as the page shows it; undefined when it is gone. */
  own(
    viewer: StaffViewer,
  ): Promise<{ login: string; email: string | null; siteNotices: SiteNoticeChoice } | undefined>;
  /** Sets the viewer's own choice; false when their role approves no edition. */
  chooseSiteNotices(viewer: StaffViewer, choice: SiteNoticeChoice): Promise<boolean>;
};
