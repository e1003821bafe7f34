/**
 * The citizen's status page (/appeals/status) is a row of the pages' door (server/pages/); its
 * lookup (status-lookup.ts) is counted by these limits per visitor's address.
 */

/** Lookups per visitor's address: enough for typing mistakes, too few to guess numbers. */
export const statusLookupLimits = { perMinute: 10, perDay: 100 } as const;
