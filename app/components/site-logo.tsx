/** The organisation's mark: a sprout over a field, drawn by us (no licence doubt). */
export function SiteLogo() {
  return (
    <svg className="site-logo" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true">
      <circle cx="20" cy="20" r="19" fill="#1f5132" />
      <path d="M6 29c5-3 23-3 28 0v2c-5-3-23-3-28 0z" fill="#e9c46a" />
      <path d="M20 28V15" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
      <path d="M20 19c-6 0-9-3-9-8 6 0 9 3 9 8zM20 16c0-5 3-8 9-8 0 5-3 8-9 8z" fill="#a7d08c" />
    </svg>
  );
}
