/**
 * «Ссылки» (/staff/site/links, issue 43): the web links of the published texts that the daily
 * check found broken, each with the pages and fields that link to it, for those who edit the
 * site. The site's own links never get here: they are checked where content enters.
 */

/** One broken address: why, when it was checked, and where the texts link to it. */
export type BrokenLink = {
  href: string;
  problem: string;
  /** When it was last checked (ISO). */
  checkedAt: string | null;
  /** `page`: the editable page's key; `field`: where its editor shows the field's error. */
  places: { page: string; field: string; fieldLabel: string }[];
};

export type SiteLinksPort = {
  broken(): Promise<BrokenLink[]>;
  countBroken(): Promise<number>;
};
