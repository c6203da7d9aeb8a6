import type { ComponentType } from 'react'
import { matchPath } from 'react-router-dom'

export type MenuSection = 'Calculators' | 'Reference' | 'Meta'

type PageModule = () => Promise<{ default: ComponentType }>

/** One entry per tool or page: the landing page, the menu and the router all read this list. */
export interface ToolEntry {
  /** Route path, e.g. '/gas-calc'. */
  path: string
  /** Name on the landing card. */
  name: string
  description: string
  /** Short label in the menu drawer. */
  menuLabel: string
  section: MenuSection
  /** Lazily loaded page: every tool is its own chunk. Absent for plain links (the API docs). */
  page?: PageModule
  /** A link that leaves the app with a full page load instead of a client-side route. */
  href?: string
  /** Further routes the tool owns, e.g. '/appraisals/:id'. */
  subRoutes?: Array<{ path: string; page: PageModule }>
  /** Old or alternative paths that redirect here. */
  aliases?: string[]
  /** Shown as a card on the landing page (default true). */
  card?: boolean
  /** Listed in the menu drawer (default true). */
  menu?: boolean
}

/**
 * The registry, in menu order within each section. Only tools that work end to end are listed here;
 * a slice adds its entry when its page, API and tests are in.
 */
/** The kill tracker's tool name, which its page also uses to title the tab with the tracked name. */
export const KILL_TRACKER_NAME = 'Kill tracker'

export const tools: ToolEntry[] = [
  {
    path: '/appraisals',
    name: 'ISKtimate (hub prices)',
    description: 'Paste anything from the game (cargo, contracts, fits, D-scan, killmails, loot), price it at any trade hub and share a frozen link.',
    menuLabel: 'Appraisals',
    section: 'Calculators',
    page: () => import('./appraisals/AppraisalsPage'),
    subRoutes: [{ path: '/appraisals/:id', page: () => import('./appraisals/SavedAppraisalPage') }],
  },
  {
    path: '/gas-calc',
    name: 'Gas Huffing Calculator',
    description: 'Live market data and boosting math: ISK per hour, residue and time to huff every wormhole gas site for your fleet, skills and boosts.',
    menuLabel: 'Gas',
    section: 'Calculators',
    page: () => import('./harvesting/GasCalcPage'),
  },
  {
    path: '/ore',
    name: 'Ore Mining Calculator',
    description: 'Cycle time, yield and ISK per hour on every ore for your mining ships, crystals, upgrades, skills and foreman boosts.',
    menuLabel: 'Ore',
    section: 'Calculators',
    page: () => import('./harvesting/OreCalcPage'),
  },
  {
    path: '/participation',
    name: 'Participation loot splitter',
    description: 'Split blue loot by participation: each pilot is paid for the ISK value of the sleeper site runs they were in.',
    menuLabel: 'Participation',
    section: 'Calculators',
    page: () => import('./loot-split/ParticipationPage'),
  },
  {
    path: '/bloot',
    name: 'Share-based loot splitter',
    description: 'Split C5/C6 blue loot by shares: Dread/Marauder or DPS/Logi share tiers, tackle and extra shares, after broker, corp and alliance tax.',
    menuLabel: 'Ratting split',
    section: 'Calculators',
    page: () => import('./loot-split/BlueLootPage'),
    aliases: ['/blue-loot'],
  },
  {
    path: '/pi-calc',
    name: 'PI Profitability Calculator',
    description: 'Profit per batch of every P1-P4 planetary product at Jita 4-4 prices: from raw P0 or from the previous tier, after POCO tax, in four market modes.',
    menuLabel: 'PI profitability',
    section: 'Calculators',
    page: () => import('./pi/PiCalcPage'),
  },
  {
    path: '/reaction-calc',
    name: 'Reactions Calculator',
    description: 'Profit of every reaction formula at hub prices: inputs, outputs, job install cost, facility and SCC taxes, with refinery, rig and skill bonuses.',
    menuLabel: 'Reactions',
    section: 'Calculators',
    page: () => import('./reactions/ReactionsPage'),
  },
  {
    path: '/compressed',
    name: 'Compressed Ore Reprocessing Planner',
    description: 'Which compressed ores to buy and reprocess for your mineral needs: cheapest at a hub, least to haul, or a blend, solved to the true optimum over whole batches.',
    menuLabel: 'Ore reprocessing',
    section: 'Calculators',
    page: () => import('./compressed/CompressedPage'),
  },
  {
    path: '/industry',
    name: 'Industry build cost',
    description: 'Materials and job cost of building any blueprint: ME, runs, engineering complex, system cost index and hub prices.',
    menuLabel: 'Industry',
    section: 'Calculators',
    page: () => import('./industry/IndustryPage'),
  },
  {
    path: '/rolling-mass',
    name: 'Hole Rolling Guide',
    description: 'Which jumps close a wormhole: mass columns by type code, jump plans for reduced and fresh holes, and a mass tracker with the ±10% spawn variance.',
    menuLabel: 'Rolling mass',
    section: 'Reference',
    page: () => import('./rolling/RollingPage'),
    aliases: ['/rolling'],
  },
  {
    path: '/wormhole-sites',
    name: 'Wormhole PvE Sites',
    description: 'Sleeper combat, data and relic sites by class: waves, triggers, DPS, EWAR, blue loot and the C5/C6 Drifter escalations.',
    menuLabel: 'Wormhole PvE sites',
    section: 'Reference',
    page: () => import('./wormhole-sites/WormholeSitesPage'),
  },
  {
    path: '/timestamp',
    name: 'Time converter',
    description: 'Build chat timestamp codes that show every reader their own local time, and convert to and from EVE time (UTC).',
    menuLabel: 'Time converter',
    section: 'Reference',
    page: () => import('./timestamp/TimestampPage'),
  },
  {
    path: '/wormholes',
    name: 'Wormhole Database',
    description: 'Search and filter all 2603 wormhole systems by class, statics, planets, effect and star; each with weather, statics, killboard activity and celestials.',
    menuLabel: 'Wormhole database',
    section: 'Reference',
    page: () => import('./wormholes/WormholesPage'),
    subRoutes: [{ path: '/wormholes/:jcode', page: () => import('./wormholes/WormholesPage') }],
  },
  {
    path: '/pyfa',
    name: 'Browser-based fitting tool',
    description: 'Fit ships with Pyfa in your browser: a temporary, isolated session with nothing to install and nothing saved. A first attempt.',
    menuLabel: 'Fitting tool',
    section: 'Reference',
    page: () => import('./pyfa/PyfaPage'),
    subRoutes: [
      { path: '/pyfa/new', page: () => import('./pyfa/PyfaNewPage') },
      { path: '/pyfa/s/:id', page: () => import('./pyfa/PyfaSessionPage') },
    ],
  },
  {
    path: '/acknowledgements',
    name: 'Acknowledgements',
    description: 'The communities, references and data sets this toolbox stands on.',
    menuLabel: 'Acknowledgements',
    section: 'Meta',
    page: () => import('../meta/AcknowledgementsPage'),
    card: false,
  },
  {
    path: '/changelog',
    name: 'Changelog',
    description: 'Every release of the toolbox, newest first, with what changed.',
    menuLabel: 'Changelog',
    section: 'Meta',
    page: () => import('../meta/ChangelogPage'),
  },
  {
    path: '/about',
    name: 'About',
    description: 'What J-Space Toolbox is, where its numbers come from, and who it is for.',
    menuLabel: 'About',
    section: 'Meta',
    page: () => import('../meta/AboutPage'),
    card: false,
  },
  {
    path: '/api/docs/',
    name: 'API docs',
    description: 'Interactive documentation of the public price and data API.',
    menuLabel: 'API docs',
    section: 'Meta',
    href: '/api/docs/',
    card: false,
  },
  {
    path: '/statuses',
    name: 'Infrastructure Status',
    description: 'Live health of the toolbox: database, market price freshness per hub, ESI and zKillboard.',
    menuLabel: 'Status',
    section: 'Meta',
    page: () => import('./statuses/StatusPage'),
    card: false,
  },
  {
    path: '/roadmap',
    name: 'Roadmap',
    description: 'What is being built next.',
    menuLabel: 'Roadmap',
    section: 'Meta',
    page: () => import('../meta/RoadmapPage'),
    card: false,
    menu: false,
  },
  {
    path: '/killfeed/live',
    name: 'Live killfeed',
    description: 'Kills of the alliances, corporations, characters and systems the site follows, live as they happen.',
    menuLabel: 'Live killfeed',
    section: 'Reference',
    page: () => import('./killfeed/LiveKillsPage'),
  },
  {
    path: '/contact',
    name: 'Contact',
    description: 'Report a bug, ask for a feature or get in touch about the toolbox.',
    menuLabel: 'Contact',
    section: 'Meta',
    page: () => import('./contact/ContactPage'),
  },
  {
    // The admin is not advertised: no menu entry, no landing card.
    path: '/killfeed',
    name: 'Killfeed admin',
    description: 'Manage Discord killfeed routes, tracked entities and kill tracker pages (sign-in required).',
    menuLabel: 'Killfeed admin',
    section: 'Meta',
    page: () => import('./killfeed/KillfeedAdminPage'),
    menu: false,
    card: false,
  },
  {
    // Single-segment catch-all: any page above outranks it (react-router prefers static segments), and a name that is
    // no tracked player renders the 404 page. Deeper unknown paths still reach the router's '*' 404.
    path: '/:name',
    name: KILL_TRACKER_NAME,
    description: "A tracked player's last death and last 7 days of kills and losses.",
    menuLabel: 'Kill tracker',
    section: 'Reference',
    page: () => import('./killtracker/KillTrackerPage'),
    card: false,
    menu: false,
  },
]

export const SECTIONS: MenuSection[] = ['Calculators', 'Reference', 'Meta']

/** Landing card order: the spec's landing table first, then tools it does not name, in registry order. */
const LANDING_ORDER = ['/gas-calc', '/ore', '/appraisals', '/wormhole-sites', '/rolling-mass', '/wormholes', '/bloot', '/participation', '/pi-calc', '/timestamp', '/reaction-calc', '/compressed', '/pyfa', '/changelog', '/contact']
const landingRank = (path: string) => (LANDING_ORDER.includes(path) ? LANDING_ORDER.indexOf(path) : LANDING_ORDER.length)

export const cardTools = () =>
  tools
    .filter((t) => t.card !== false)
    .map((t, i) => ({ t, i }))
    .sort((a, b) => landingRank(a.t.path) - landingRank(b.t.path) || a.i - b.i)
    .map(({ t }) => t)
export const menuTools = (section: MenuSection) => tools.filter((t) => t.section === section && t.menu !== false)

export const SITE_NAME = 'J-Space Toolbox'
export const NOT_FOUND_TITLE = `Page not found · ${SITE_NAME}`

/**
 * The browser tab's title for a path: the tool's name, after the J-code or player name when the path carries one
 * ("J123450 · Wormhole Database · J-Space Toolbox"), so tabs and bookmarks say what they hold. Static paths are
 * tried in registry order before the kill tracker's catch-all, as the router does.
 */
export const toolTitle = (toolName: string, detail?: string) => [detail, toolName, SITE_NAME].filter(Boolean).join(' · ')

export function pageTitle(pathname: string): string {
  if (pathname === '/') return SITE_NAME
  for (const tool of tools) {
    for (const path of [tool.path, ...(tool.subRoutes ?? []).map((s) => s.path)]) {
      const match = matchPath(path, pathname)
      if (!match) continue
      return toolTitle(tool.name, match.params.jcode?.toUpperCase() ?? match.params.name)
    }
  }
  return NOT_FOUND_TITLE
}
