/**
 * How large a body the server takes, in bytes, written once: Fastify's limit for anything not
 * named here (an appeal is a few kilobytes as JSON; a staff form's text fields as well), and the
 * pages' forms that need another.
 */
export const bodyLimits = {
  /** The API's JSON and every staff form posted url-encoded. */
  default: 16 * 1024,
  /** The appeal form posted without JavaScript: percent-encoding triples Cyrillic, and a
   * 5000-character comment alone is about 30 KB as a form. */
  appealForm: 64 * 1024,
  /** The status page's lookup: a number and an address, anything much longer is not a lookup. */
  statusLookup: 4 * 1024,
} as const;
