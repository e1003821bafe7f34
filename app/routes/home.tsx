import type { MetaArgs } from "react-router";
import { defaultContacts } from "../../content/contacts.ts";
import { historyEvents, historyNotice } from "../../content/history.ts";
import { defaultHomeTexts, homeSections } from "../../content/home-sections.ts";
import { homeIllustrations } from "../../content/illustrations.ts";
import { defaultNews, newsPage } from "../../content/news.ts";
import { homeBannerTitle, homeTasks } from "../../content/page-labels.ts";
import type { HomeSection } from "../../content/schema.ts";
import { requiredSectionPaths, sitePage } from "../../content/site-pages.ts";
import { testingCentre } from "../../content/testing-centre.ts";
import { siteContentOf } from "../../domain/pages/page-context.ts";
import { phoneHref } from "../../domain/site-content/contacts-content.ts";
import { newestFirst, newsOnHomePage, newsPath } from "../../domain/site-content/news-content.ts";
import { sectionTextOf } from "../../domain/site-content/section-texts-content.ts";
import { parseMarkup } from "../../domain/site-content/site-markup.ts";
import { ContentImage } from "../components/content-image.tsx";
import { MarkupBlocks } from "../components/site-markup.tsx";
import { NewsList, type NewsListItem, newsListItemOf } from "../features/news/news-list.tsx";
import { pageMeta } from "../page-meta.ts";
import type { RouteHandle } from "../route-handle.ts";
import contentStyles from "../styles/pages/content.css?inline";
import homeStyles from "../styles/pages/home.css?inline";
import type { Route } from "./+types/home.ts";

export const meta = ({ matches }: MetaArgs) => pageMeta("/", { withOrganisation: true, matches });

export const handle: RouteHandle = { overBanner: true, styles: [contentStyles, homeStyles] };

/**
 * The newest announcements and the sections' texts published (a draft's, for a preview); the
 * build's while prerendering.
 */
export function loader({ context }: Route.LoaderArgs) {
  const content = siteContentOf(context);
  const news = content.news ?? defaultNews;
  const texts = content.home ?? defaultHomeTexts;
  return {
    phone: (content.contacts ?? defaultContacts).phone,
    news: newestFirst(news).slice(0, newsOnHomePage).map(newsListItemOf),
    texts: Object.fromEntries(
      homeSections.map((section) => [
        section.id,
        sectionTextOf(texts, section.id) ?? sectionTextOf(defaultHomeTexts, section.id) ?? "",
      ]),
    ),
  };
}

export default function HomePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="home-banner" aria-labelledby="home-banner-title">
        <div className="home-banner__inner">
          <h1 id="home-banner-title" className="home-banner__title">
            {homeBannerTitle}
          </h1>
          <nav className="home-tasks" aria-label={homeTasks.label}>
            <ul className="home-tasks__list">
              {homeTasks.links.map((task) => (
                <li key={task.href}>
                  <a className="home-tasks__link" href={task.href}>
                    {task.label}
                  </a>
                </li>
              ))}
            </ul>
            <p className="home-tasks__phone">
              {homeTasks.phoneLabel}: <a href={phoneHref(loaderData.phone)}>{loaderData.phone}</a>
            </p>
          </nav>
        </div>
      </section>
      <nav className="anchor-bar" aria-label="Разделы главной страницы">
        <ul className="anchor-bar__list">
          {homeSections.map((section) => (
            <li key={section.id}>
              <a className="anchor-bar__link" href={`#${section.id}`}>
                {section.navLabel}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="page home-sections">
        {loaderData.news.length > 0 ? <HomeNews announcements={loaderData.news} /> : null}
        {homeSections.map((section) => (
          <HomeSectionBlock
            key={section.id}
            section={section}
            text={loaderData.texts[section.id] ?? ""}
          />
        ))}
        <OfficialSections />
      </div>
    </>
  );
}

/**
 * The sections a state institution's site must carry (decision 0044), «Противодействие коррупции»
 * first: in the page itself, not only in the menu and the footer.
 */
function OfficialSections() {
  return (
    <section className="home-section" aria-labelledby="official-title">
      <h2 id="official-title">Официальная информация</h2>
      <ul>
        {requiredSectionPaths.map((path) => (
          <li key={path}>
            <a href={path}>{sitePage(path).title}</a>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The newest announcements, when there are any: none shown is no block at all. */
function HomeNews({ announcements }: { announcements: readonly NewsListItem[] }) {
  return (
    <section className="home-section" aria-labelledby="home-news-title">
      <h2 id="home-news-title">{sitePage("/news").title}</h2>
      <NewsList announcements={announcements} headingLevel={3} />
      <p>
        <a href={newsPath}>{newsPage.allNews}</a>
      </p>
    </section>
  );
}

function HomeSectionBlock({ section, text }: { section: HomeSection; text: string }) {
  const titleId = `${section.id}-title`;
  const illustration =
    section.id in homeIllustrations
      ? homeIllustrations[section.id as keyof typeof homeIllustrations]
      : undefined;
  return (
    <section id={section.id} className="home-section" aria-labelledby={titleId}>
      <h2 id={titleId}>{section.title}</h2>
      <div className={illustration ? "illustrated" : undefined}>
        <div>
          <MarkupBlocks blocks={parseMarkup(text)} />
        </div>
        {illustration ? (
          <figure className="illustrated__figure">
            <ContentImage image={illustration} />
          </figure>
        ) : null}
      </div>
      {section.id === "lab-research" ? <TestingCentre /> : null}
      {section.id === "history" ? <HistoryTimeline /> : null}
    </section>
  );
}

function TestingCentre() {
  return (
    <>
      <h3>{testingCentre.name}</h3>
      <p>{testingCentre.intro}</p>
      <ul className="card-grid">
        {testingCentre.laboratories.map((laboratory) => (
          <li key={laboratory.id} className="card">
            <h4 className="lab-card__title">{laboratory.name}</h4>
            <p>{laboratory.description}</p>
            <ul>
              {laboratory.services.map((service) => (
                <li key={service}>{service}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </>
  );
}

function HistoryTimeline() {
  return (
    <>
      <ol className="timeline">
        {historyEvents.map((event) => (
          <li key={event.year} className="timeline__event">
            <h3 className="timeline__heading">
              <time className="timeline__year" dateTime={String(event.year)}>
                {event.year}
              </time>{" "}
              <span className="timeline__title">{event.title}</span>
            </h3>
            <p>{event.text}</p>
          </li>
        ))}
      </ol>
      <p className="timeline__notice">{historyNotice}</p>
    </>
  );
}
