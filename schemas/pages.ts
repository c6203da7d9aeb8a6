/**
 * Every page of the site: its path, name, description and place in the menu, read by the UI's router, menu and
 * landing page, and by the server (kill tracker names a page owns, link previews). (No zod here.)
 */

export type MenuSection = 'Calculators' | 'Reference' | 'Meta'

/** One entry per tool or page: the landing page, the menu and the router all read this list. */
export interface PageInfo {
  /** Route path, e.g. '/gas-calc'. */
  path: string
  /** Name on the landing card. */
  name: string
  description: string
  /** Short label in the menu drawer. */
  menuLabel: string
  section: MenuSection
  /** A link that leaves the app with a full page load instead of a client-side route. */
  href?: string
  /**
   * The page's module under ui/ ('tools/wormholes/WormholesPage.tsx'): the router loads it, and the server names its
   * files in the HTML of a page opened directly, so they come down with the site's own script (api/previews/preloads.ts).
   */
  module?: string
  /**
   * API answers the page reads whenever it opens (GET, no parameters): asked for with its HTML, so they are on their
   * way while the page's script loads.
   */
  preload?: string[]
  /** Further routes the tool owns, e.g. '/appraisals/:id'. */
  subRoutes?: string[]
  /** The module of a sub-route that is not the page's own. */
  subRouteModules?: Record<string, string>
  /** Old or alternative paths that redirect here. */
  aliases?: string[]
  /** Shown as a card on the landing page (default true). */
  card?: boolean
  /** Listed in the menu drawer (default true). */
  menu?: boolean
}

export const SITE_NAME = 'J-Space Toolbox'

/** The API documentation page, served by the server itself (a full page load, never a client-side route). */
export const API_DOCS_PATH = '/api/docs/'

/** The kill tracker's tool name, which its page also uses to title the tab with the tracked name. */
export const KILL_TRACKER_NAME = 'Kill tracker'

/**
 * The pages, in menu order within each section. Only tools that work end to end are listed here;
 * a slice adds its entry when its page, API and tests are in.
 */
export const PAGES: PageInfo[] = [
  {
    path: '/appraisals',
    module: 'tools/appraisals/AppraisalsPage.tsx',
    name: 'ISKtimate (hub prices)',
    description: 'Paste anything from the game (cargo, contracts, fits, D-scan, killmails, loot), price it at any trade hub and share a frozen link.',
    menuLabel: 'Appraisals',
    section: 'Calculators',
    subRoutes: ['/appraisals/:id'],
    subRouteModules: { '/appraisals/:id': 'tools/appraisals/SavedAppraisalPage.tsx' },
  },
  {
    path: '/gas-calc',
    module: 'tools/harvesting/GasCalcPage.tsx',
    name: 'Gas Huffing Calculator',
    description: 'Live market data and boosting math: ISK per hour, residue and time to huff every wormhole gas site for your fleet, skills and boosts.',
    menuLabel: 'Gas',
    section: 'Calculators',
  },
  {
    path: '/ore',
    module: 'tools/harvesting/OreCalcPage.tsx',
    name: 'Ore Mining Calculator',
    description: 'Cycle time, yield and ISK per hour on every ore for your mining ships, crystals, upgrades, skills and foreman boosts.',
    menuLabel: 'Ore',
    section: 'Calculators',
  },
  {
    path: '/participation',
    module: 'tools/loot-split/ParticipationPage.tsx',
    name: 'Participation loot splitter',
    description: 'Split blue loot by participation: each pilot is paid for the ISK value of the sleeper site runs they were in.',
    menuLabel: 'Participation',
    section: 'Calculators',
  },
  {
    path: '/bloot',
    module: 'tools/loot-split/BlueLootPage.tsx',
    name: 'Share-based loot splitter',
    description: 'Split C5/C6 blue loot by shares: Dread/Marauder or DPS/Logi share tiers, tackle and extra shares, after broker, corp and alliance tax.',
    menuLabel: 'Ratting split',
    section: 'Calculators',
    aliases: ['/blue-loot'],
  },
  {
    path: '/pi-calc',
    module: 'tools/pi/PiCalcPage.tsx',
    name: 'PI Profitability Calculator',
    description:
      'Profit per batch of every P1-P4 planetary product at Jita 4-4 prices: from raw P0 or from the previous tier, after POCO tax, in four market modes.',
    menuLabel: 'PI profitability',
    section: 'Calculators',
  },
  {
    path: '/reaction-calc',
    module: 'tools/reactions/ReactionsPage.tsx',
    name: 'Reactions Calculator',
    description:
      'Profit of every reaction formula at hub prices: inputs, outputs, job install cost, facility and SCC taxes, with refinery, rig and skill bonuses.',
    menuLabel: 'Reactions',
    section: 'Calculators',
  },
  {
    path: '/compressed',
    module: 'tools/compressed/CompressedPage.tsx',
    name: 'Compressed Ore Reprocessing Planner',
    description:
      'Which compressed ores to buy and reprocess for your mineral needs: cheapest at a hub, least to haul, or a blend, solved to the true optimum over whole batches.',
    menuLabel: 'Ore reprocessing',
    section: 'Calculators',
  },
  {
    path: '/industry',
    module: 'tools/industry/IndustryPage.tsx',
    name: 'Industry build cost',
    description: 'Materials and job cost of building any blueprint: ME, runs, engineering complex, system cost index and hub prices.',
    menuLabel: 'Industry',
    section: 'Calculators',
  },
  {
    path: '/rolling-mass',
    module: 'tools/rolling/RollingPage.tsx',
    name: 'Hole Rolling Guide',
    description:
      'Which jumps close a wormhole: mass columns by type code, jump plans for reduced and fresh holes, and a mass tracker with the ±10% spawn variance.',
    menuLabel: 'Rolling mass',
    section: 'Reference',
    aliases: ['/rolling'],
  },
  {
    path: '/wormhole-sites',
    module: 'tools/wormhole-sites/WormholeSitesPage.tsx',
    name: 'Wormhole PvE Sites',
    description: 'Sleeper combat, data and relic sites by class: waves, triggers, DPS, EWAR, blue loot and the C5/C6 Drifter escalations.',
    menuLabel: 'Wormhole PvE sites',
    section: 'Reference',
  },
  {
    path: '/timestamp',
    module: 'tools/timestamp/TimestampPage.tsx',
    name: 'Time converter',
    description: 'Build chat timestamp codes that show every reader their own local time, and convert to and from EVE time (UTC).',
    menuLabel: 'Time converter',
    section: 'Reference',
  },
  {
    path: '/wormholes',
    module: 'tools/wormholes/WormholesPage.tsx',
    preload: ['/api/wormholes', '/api/wormhole-types', '/api/thera'],
    name: 'Wormhole Database',
    description:
      'Search and filter all 2603 wormhole systems by class, statics, planets, effect and star; each with weather, statics, killboard activity and celestials.',
    menuLabel: 'Wormhole database',
    section: 'Reference',
    subRoutes: ['/wormholes/:jcode', '/wormholes/types/:code'],
  },
  {
    path: '/pyfa',
    module: 'tools/pyfa/PyfaPage.tsx',
    name: 'Browser-based fitting tool',
    description: 'Fit ships with Pyfa in your browser: a temporary, isolated session with nothing to install and nothing saved. A first attempt.',
    menuLabel: 'Fitting tool',
    section: 'Reference',
    subRoutes: ['/pyfa/new', '/pyfa/s/:id'],
    subRouteModules: { '/pyfa/new': 'tools/pyfa/PyfaNewPage.tsx', '/pyfa/s/:id': 'tools/pyfa/PyfaSessionPage.tsx' },
  },
  {
    path: '/acknowledgements',
    module: 'meta/AcknowledgementsPage.tsx',
    name: 'Acknowledgements',
    description: 'The communities, references and data sets this toolbox stands on.',
    menuLabel: 'Acknowledgements',
    section: 'Meta',
    card: false,
  },
  {
    path: '/changelog',
    module: 'meta/ChangelogPage.tsx',
    name: 'Changelog',
    description: 'Every release of the toolbox, newest first, with what changed.',
    menuLabel: 'Changelog',
    section: 'Meta',
  },
  {
    path: '/about',
    module: 'meta/AboutPage.tsx',
    name: 'About',
    description: 'What J-Space Toolbox is, where its numbers come from, and who it is for.',
    menuLabel: 'About',
    section: 'Meta',
    card: false,
  },
  {
    path: API_DOCS_PATH,
    name: 'API docs',
    description: 'Documentation of the public price and data API: every endpoint, its parameters and its answers.',
    menuLabel: 'API docs',
    section: 'Meta',
    href: API_DOCS_PATH,
    card: false,
  },
  {
    path: '/statuses',
    module: 'tools/statuses/StatusPage.tsx',
    name: 'Infrastructure Status',
    description: 'Live health of the toolbox: database, market price freshness per hub, ESI and zKillboard.',
    menuLabel: 'Status',
    section: 'Meta',
    card: false,
  },
  {
    path: '/roadmap',
    module: 'meta/RoadmapPage.tsx',
    name: 'Roadmap',
    description: 'What is being built next.',
    menuLabel: 'Roadmap',
    section: 'Meta',
    card: false,
    menu: false,
  },
  {
    path: '/killfeed/live',
    module: 'tools/killfeed/LiveKillsPage.tsx',
    name: 'Live killfeed',
    description: 'Kills of the alliances, corporations, characters and systems the site follows, live as they happen.',
    menuLabel: 'Live killfeed',
    section: 'Reference',
  },
  {
    path: '/contact',
    module: 'tools/contact/ContactPage.tsx',
    name: 'Contact',
    description: 'Report a bug, ask for a feature or get in touch about the toolbox.',
    menuLabel: 'Contact',
    section: 'Meta',
  },
  {
    // The admin is not advertised: no menu entry, no landing card.
    path: '/killfeed',
    module: 'tools/killfeed/KillfeedAdminPage.tsx',
    name: 'Killfeed admin',
    description: 'Manage Discord killfeed routes, tracked entities and kill tracker pages (sign-in required).',
    menuLabel: 'Killfeed admin',
    section: 'Meta',
    menu: false,
    card: false,
  },
  {
    // Single-segment catch-all: any page above outranks it (react-router prefers static segments), and a name that is
    // no tracked player renders the 404 page. Deeper unknown paths still reach the router's '*' 404.
    path: '/:name',
    module: 'tools/killtracker/KillTrackerPage.tsx',
    name: KILL_TRACKER_NAME,
    description: "A tracked player's last death and last 7 days of kills and losses.",
    menuLabel: 'Kill tracker',
    section: 'Reference',
    card: false,
    menu: false,
  },
]

export const SECTIONS: MenuSection[] = ['Calculators', 'Reference', 'Meta']

/** Landing card order: the spec's landing table first, then tools it does not name, in registry order. */
export const LANDING_ORDER = [
  '/gas-calc',
  '/ore',
  '/appraisals',
  '/wormhole-sites',
  '/rolling-mass',
  '/wormholes',
  '/bloot',
  '/participation',
  '/pi-calc',
  '/timestamp',
  '/reaction-calc',
  '/compressed',
  '/pyfa',
  '/changelog',
  '/contact',
]
export const landingRank = (path: string) => (LANDING_ORDER.includes(path) ? LANDING_ORDER.indexOf(path) : LANDING_ORDER.length)
