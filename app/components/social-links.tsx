import { organisation, type SocialLink } from "../../content/organisation.ts";

const icons: Record<SocialLink["kind"], string> = {
  // A paper plane (messenger), a speech bubble (social network), a pen nib (blog).
  messenger: "M3 11.5 21 4l-3 16-6-4-3 4v-5l9-8-11 6z",
  "social-network": "M4 5h16v11H9l-5 4z",
  blog: "M12 3l5 9-5 9-5-9zM12 9v4",
};

/** Links to the organisation's accounts; each opens in a new tab and says so. */
export function SocialLinks() {
  return (
    <ul className="social-links">
      {organisation.social.map((link) => (
        <li key={link.kind}>
          <a
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            className="social-links__link"
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              <path
                d={icons[link.kind]}
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
            <span className="visually-hidden">{link.label} (откроется в новой вкладке)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
