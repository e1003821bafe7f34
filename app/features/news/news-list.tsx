import { formatDay } from "../../../content/format.ts";
import { type Announcement, announcementPath } from "../../../domain/site-content/news-content.ts";
import { markupPlainTextStart } from "../../../domain/site-content/site-markup.ts";

/** How much of an announcement's text the lists show before «read on» (its own page). */
const summaryLength = 300;

/**
 * What a list shows of an announcement: its title, day and picture, and the start of its text as
 * words. A list's route data carries these, not the whole texts (issue 40: /news sent 4 MB of
 * texts to show 300 characters of each, and took 300 ms to render in one stretch).
 */
export type NewsListItem = Pick<Announcement, "id" | "title" | "date" | "image"> & {
  summary: string;
};

export const newsListItemOf = ({ id, title, date, image, text }: Announcement): NewsListItem => ({
  id,
  title,
  date,
  ...(image ? { image } : {}),
  summary: announcementSummary({ text }),
});

/** The start of an announcement's text, as words (a list shows it; the page shows it whole). */
export function announcementSummary(announcement: Pick<Announcement, "text">): string {
  // Only the start is read (issue 40): /news shows 200 of them, up to 20,000 characters each.
  const text = markupPlainTextStart(announcement.text, summaryLength + 1).replaceAll("\n", " ");
  if (text.length <= summaryLength) return text;
  const cut = text.slice(0, summaryLength);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), summaryLength / 2))}…`;
}

/**
 * An announcement's picture with its description in words (decision 0040): its width and height
 * given, so the page does not move while it loads; `lazy` below the first screen.
 */
export function AnnouncementPicture({
  image,
  lazy,
}: {
  image: NonNullable<Announcement["image"]>;
  lazy: boolean;
}) {
  return (
    <img
      className="announcement-image"
      src={image.href}
      alt={image.alt}
      width={image.file.width}
      height={image.file.height}
      loading={lazy ? "lazy" : undefined}
      decoding="async"
    />
  );
}

/** The day of an announcement as a visitor reads it, with its machine-readable date. */
export function AnnouncementDate({ announcement }: { announcement: Pick<Announcement, "date"> }) {
  return (
    <p className="news-date">
      <time dateTime={announcement.date}>{formatDay(announcement.date)}</time>
    </p>
  );
}

/**
 * Announcements as a list: each its title linking to its page, its day and the start of its
 * text. /news shows them all under h2 titles, each with its picture small; the home page the
 * newest three as cards under h3, without pictures (the content styles' cards: the home page's
 * styles are the build's, byte for byte).
 */
export function NewsList({
  announcements,
  headingLevel,
}: {
  announcements: readonly NewsListItem[];
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const cards = headingLevel === 3;
  return (
    <ol className={cards ? "card-grid" : "news-list"}>
      {announcements.map((announcement, index) => (
        <li key={announcement.id} className={cards ? "card" : undefined}>
          <article aria-labelledby={`news-${announcement.id}-title`}>
            <Heading id={`news-${announcement.id}-title`}>
              <a href={announcementPath(announcement.id)}>{announcement.title}</a>
            </Heading>
            <AnnouncementDate announcement={announcement} />
            {announcement.image && !cards ? (
              <AnnouncementPicture image={announcement.image} lazy={index > 0} />
            ) : null}
            <p>{announcement.summary}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}
