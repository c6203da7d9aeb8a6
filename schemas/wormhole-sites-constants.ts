/** Site file names shared by the API and the pages, kept free of zod so page bundles stay small. */
export const SITE_TIERS = ['c1', 'c2', 'c3', 'c4', 'c5', 'c6'] as const
export const SITE_FILE_KINDS = ['combat', 'datarelic'] as const
export type SiteTier = (typeof SITE_TIERS)[number]
export type SiteFileKind = (typeof SITE_FILE_KINDS)[number]
/** The twelve site files: one per class and kind (combat anomalies; data and relic signatures). */
export const siteFileName = (tier: SiteTier, kind: SiteFileKind) => `${tier}_${kind}_sites_clean.json`
