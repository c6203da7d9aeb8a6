/**
 * First path segments the site owns whether or not their page is built yet: every route of the product spec's
 * two route tables (with the alternative spellings they mention), and the server's own prefixes. A kill tracker
 * page (`/{name}`) may not take one of these; the API also refuses names of registered pages and API routes
 * (see api/tools/killfeed/player-paths.ts). (No zod here.)
 */
export const SPEC_ROUTE_SEGMENTS = [
  // part 1
  'gas-calc',
  'ore',
  'appraisals',
  'wormhole-sites',
  'rolling-mass',
  'rolling',
  'wormholes',
  'bloot',
  'blue-loot',
  'participation',
  'pi-calc',
  'timestamp',
  'reaction-calc',
  'compressed',
  'pyfa',
  'changelog',
  'contact',
  // part 2
  'industry',
  'statuses',
  'killfeed',
  'roadmap',
  'acknowledgements',
  'about',
] as const

/** Served by the server itself rather than the page router. */
export const SERVER_SEGMENTS = ['api', 'auth', 'ws', 'assets', 'favicon', 'index', 'static', 'admin', 'login', 'logout', 'docs', 'openapi', 'health'] as const
