/**
 * The product's releases, newest first, for players: each change in a line or two, saying what changed for them (no
 * component, protocol or library names). The engineering detail of each release is in docs/history.md. Each notable
 * change lands here with a version bump in package.json; the label (Major/Minor/Patch) is derived from which version
 * digit changed, never typed.
 */
export interface Release {
  version: string
  date: string
  title: string
  changes: string[]
}

export const releases: Release[] = [
  {
    version: '0.26.0',
    date: '2026-12-02',
    title: 'Pages that open faster on a phone',
    changes: [
      'Pages opened from a link or a reload fetch their code and data in one go: the wormhole database is ready in about 1.4 s on a mid-range phone instead of 2.2 s.',
      'The starry background holds still while a page opens and for a moment after each click or key, and draws fewer frames, so pages answer sooner on slower machines.',
      'The wormhole dialog loads its activity charts only when it shows them; if they cannot load, their figures are given in words.',
    ],
  },
  {
    version: '0.25.0',
    date: '2026-12-02',
    title: 'Quicker appraisals, gas and ore sites on their own',
    changes: [
      'Big appraisals fill their table sooner, and typing in a long paste no longer waits for the page to catch up.',
      'The sites page can show gas or ore sites alone from its Type choice, and keeps that choice in the address.',
      'Price lookups answer faster under load, and the Thera route lists the trade hubs in the same order as the price pages.',
    ],
  },
  {
    version: '0.24.0',
    date: '2026-12-02',
    title: 'Kill tracker with times and places, a live feed you can filter',
    changes: [
      'Kill tracker rows show when and where each kill happened, with the wormhole class; links to a kill tracker unfurl with a picture of its week.',
      'The live killfeed takes the same filters as a Discord route (wormhole classes, value, solo, ship classes), kept in the address so you can bookmark them.',
      'Searching for a pilot, corporation or alliance finds them by part of the name; saved killfeed routes can have their filters edited.',
    ],
  },
  {
    version: '0.23.0',
    date: '2026-12-02',
    title: 'Calculators on phones, and PI you extract yourself',
    changes: [
      'Reactions, PI, ore and industry keep their profit or ISK/hr beside the item on a phone, and bring the results into view when you ask.',
      'PI counts planet materials as extracted (free) by default, or bought at market if you choose; industry explains a cost index typed as a percent.',
      'The compressed ore planner can limit how many different ores to buy and set a minimum number of batches of each.',
    ],
  },
  {
    version: '0.22.0',
    date: '2026-12-02',
    title: 'Thera and Turnur',
    changes: [
      "The wormhole database lists EVE-Scout's current Thera and Turnur connections and finds the fewest jumps from your system to each trade hub through them.",
      'Each known-space exit shows its last 24 hours of kills and jumps as counted by CCP (CCP publishes none for wormhole space, and system pages say so).',
      "A wormhole type's page shows the rolling plan for its mass; the sites page lists gas and ore sites with their defenders.",
    ],
  },
  {
    version: '0.21.1',
    date: '2026-12-02',
    title: 'Harder to knock over',
    changes: [
      'The site stays up when one visitor opens too many connections or floods the sign-in page; they are asked to wait instead.',
      'Signing out, or an admin password reset, now always ends the session. A fitting session nobody finishes connecting to is freed for others.',
    ],
  },
  {
    version: '0.21.0',
    date: '2026-12-02',
    title: 'Link previews and a status page with a memory',
    changes: [
      'Links to saved appraisals, wormhole systems, kill trackers and tools show a proper preview in Discord, with a summary picture for appraisals and systems.',
      'The status page shows uptime over the last day, week, month and 90 days, past outages, when each market hub was last checked and how each background job went.',
      'Error messages say in plain words what to fix; addresses that lead nowhere show a clear "not found" page; the API documentation matches the site and works on phones.',
    ],
  },
  {
    version: '0.20.0',
    date: '2026-12-02',
    title: 'Fairer loot splits',
    changes: [
      "The participation splitter gives each site's loot to the pilots who ran it and shows who got what from each site.",
      'The blue loot splitters ask how many runs of each site had the Avenger wave or a Drifter, so a night is no longer overstated.',
      "The gas calculator's ISK/hr is what a site really pays in an hour, limited by what its clouds hold; the time converter knows all nine Discord timestamp styles.",
    ],
  },
  {
    version: '0.19.0',
    date: '2026-12-02',
    title: 'Killfeed filters',
    changes: [
      'Killfeed routes can be limited by value, wormhole class, security, region or system, solo kills, number of attackers and ship type; NPC kills are left out unless you ask.',
      "Before saving a route you can see how many of the last week's kills it would have posted, send a test post, and read each route's delivery log.",
      'A fight is posted as a few messages of up to ten kills, compact or full, with an optional ping for big kills; a route whose webhook was deleted switches off and says why.',
    ],
  },
  {
    version: '0.18.0',
    date: '2026-12-02',
    title: 'Wormhole intel',
    changes: [
      "A system's window lists the wandering holes and the sites of its class with their values, and shows when the corporations living there are active (UTC).",
      'Type a wormhole code such as H296 in the search to see where it leads, its mass, lifetime and where it spawns; each type has its own shareable page.',
      "The wormhole list loads much faster on phones, and the × of a system's window keeps working after you scroll down.",
    ],
  },
  {
    version: '0.17.0',
    date: '2026-12-02',
    title: 'Appraisals for traders',
    changes: [
      "Appraisals read the industry window's Blueprints tab and Copy Material Information, and numbers with spaces and decimal commas; lines they cannot read are listed, not invented.",
      'Blueprint copies are shown as copies with their runs and never valued as originals; impossible quantities are refused with a message; very large totals show in full.',
      'New for traders: ISK per m³, the same paste priced at all five hubs, 5- and 30-day median prices with a price chart per item, and item icons.',
    ],
  },
  {
    version: '0.16.0',
    date: '2026-12-02',
    title: 'Game data that stays current',
    changes: [
      "The site keeps its game data current with CCP's latest release; the status and about pages show which release is in use and when it was last checked.",
      'Old item names (renamed modules, Tech 3 subsystems, "Expired" boosters) are recognised, and a misspelt name gets a "did you mean" hint.',
      'A fresh install has all the wormhole, site and item-name data built in.',
    ],
  },
  {
    version: '0.15.0',
    date: '2026-12-01',
    title: 'Faster ore plans',
    changes: [
      'Ore reprocessing planner: the cheapest and blended plans now appear almost instantly, and they are still the best possible.',
      'Pages opened from a typed or pasted address start at the top instead of where another page was left.',
    ],
  },
  {
    version: '0.14.21',
    date: '2026-11-29',
    title: 'No more endless loading',
    changes: [
      "Every page: if the server never answers, you get a message after 30 seconds instead of 'Loading…' for ever, and what you typed stays.",
      'Appraisals: Back after Save & Share brings your paste back. Fitting tool: the session screen fits phones, tablets and desktops without scrolling.',
      'Many small fixes for keyboard and screen-reader users across the wormhole database, industry, gas, ore and contact pages.',
    ],
  },
  {
    version: '0.14.20',
    date: '2026-11-29',
    title: 'Number boxes explain themselves',
    changes: [
      'Calculators: when a number you typed cannot be used as it is (ME 15, an empty box), the box says which number is used instead.',
      "A 'Skip to content' link on every page; the kill tracker's tab shows the pilot's name; the time converter finds UTC as GMT, EVE time or Zulu.",
    ],
  },
  {
    version: '0.14.19',
    date: '2026-11-29',
    title: 'Better on phones',
    changes: [
      'Live killfeed: opens with the last 100 kills and fits long names on a phone. The kill tracker no longer spills off a phone screen.',
      "Appraisals read more CSV pastes; PI and industry name the missing prices behind an 'n/a'.",
    ],
  },
  {
    version: '0.14.18',
    date: '2026-11-28',
    title: 'Cleaner prices, a fuller wormhole database',
    changes: [
      "Market prices ignore orders with nothing left to trade. Appraisals read tricky item names right ('X5 Enduring Stasis Webifier').",
      'Wormhole database: statics show mass regeneration, Drifter systems can be found by name (Vidette), and a search for Thera says why it is not listed.',
    ],
  },
  {
    version: '0.14.17',
    date: '2026-11-23',
    title: 'Rename players, links that keep every setting',
    changes: [
      'Loot splitters: rename a player in place and keep their ships and shares.',
      'Wormhole Sites and the PI calculator keep your choices in the address, so a shared link opens the same view.',
    ],
  },
  {
    version: '0.14.16',
    date: '2026-11-23',
    title: 'Fixes across the site',
    changes: [
      'Loot splitters value a Drifter killed without a capital as the Recon Battleship (100 M), not the 300 M Response Battleship.',
      'Fitting tool sessions reconnect by themselves after a network drop; dialogs give focus back to what opened them.',
    ],
  },
  {
    version: '0.14.15',
    date: '2026-11-23',
    title: 'Fixes across the site',
    changes: [
      'Appraisals read pastes that mix formats; the time converter reads the time in a pasted chat line or kill report.',
      'Fitting tool: a server that cannot start sessions says so instead of offering Start.',
    ],
  },
  {
    version: '0.14.14',
    date: '2026-11-23',
    title: 'Honest when offline',
    changes: [
      "When the game's servers cannot be reached, pages say so instead of showing zeros.",
      "Hole rolling: the mass tracker refuses a ship heavier than the hole's jump mass.",
    ],
  },
  {
    version: '0.14.13',
    date: '2026-11-22',
    title: 'Fairer prices',
    changes: [
      'Market prices: absurd outlier orders (a penny buy order, a sell at 100 times the price) no longer drag the 5% prices.',
      'Status page, kill tracker and system kill panels warn when no kills have arrived for 30 minutes, so an outage no longer looks like a quiet week.',
    ],
  },
  {
    version: '0.14.12',
    date: '2026-11-22',
    title: 'Reactions and appraisals corrected',
    changes: [
      'Reactions: molecular-forged formulas get no rig bonus (no rig works on them), and each structure uses rigs of its own size.',
      'Appraisals read more of what you paste from the game; the same Discord webhook written two ways gets each kill once.',
    ],
  },
  {
    version: '0.14.11',
    date: '2026-11-22',
    title: 'Closer to the spec',
    changes: ['Appraisals: changing the hub re-prices your paste at once. The API address leads to its documentation.'],
  },
  {
    version: '0.14.10',
    date: '2026-11-22',
    title: 'Keyboard and screen readers',
    changes: ['Every page passes an automated accessibility check on desktop and phone, and keyboard focus is visible everywhere.'],
  },
  {
    version: '0.14.9',
    date: '2026-11-22',
    title: 'Named hints',
    changes: ["Each '?' hint is named after its field, so screen readers can tell them apart."],
  },
  {
    version: '0.14.8',
    date: '2026-11-22',
    title: 'Enter where you expect it',
    changes: [
      'Enter opens the only tool left by the landing search, the only system left in the wormhole database, and calculates in the loot splitters.',
      'Killfeed admin and live killfeed fit a phone screen.',
    ],
  },
  {
    version: '0.14.7',
    date: '2026-11-22',
    title: 'Wormhole killboard panels fixed',
    changes: [
      "Wormhole database: the kill activity heatmap is drawn again, and recent kills say '3 hours ago'.",
      'No page scrolls sideways on a phone any more, and every tab is titled with its page.',
    ],
  },
  {
    version: '0.14.6',
    date: '2026-11-22',
    title: 'Quicker first plan',
    changes: ['Ore reprocessing planner: the first plan after a restart is as fast as later ones.'],
  },
  {
    version: '0.14.5',
    date: '2026-11-22',
    title: 'Faster haul plans',
    changes: ['Ore reprocessing planner: plans by number of batches appear in milliseconds.'],
  },
  {
    version: '0.14.4',
    date: '2026-11-22',
    title: 'Faster m³ plans',
    changes: ['Ore reprocessing planner: plans for the least m³ appear in a fraction of a second.'],
  },
  {
    version: '0.14.3',
    date: '2026-11-22',
    title: 'Fixes',
    changes: ['Ore reprocessing planner: haul plans are faster.'],
  },
  {
    version: '0.14.2',
    date: '2026-11-22',
    title: 'Fixes',
    changes: ['Market prices update with less memory, and kills are stored quickly again.'],
  },
  {
    version: '0.14.1',
    date: '2026-11-22',
    title: 'Fixes',
    changes: ['Kill tracker: Refresh fills in character names that were slow to arrive.'],
  },
  {
    version: '0.14.0',
    date: '2026-11-22',
    title: 'Ore reprocessing planner',
    changes: ['New: which compressed ores to buy for the minerals you need (cheapest, least to haul, or a blend), with shareable links.'],
  },
  {
    version: '0.13.0',
    date: '2026-11-22',
    title: 'Appraisals',
    changes: ['New: paste anything from the game, price it at any of the five trade hubs and share a frozen link.'],
  },
  {
    version: '0.12.0',
    date: '2026-11-22',
    title: 'Reactions and industry build costs',
    changes: ['New: profit of every reaction formula, and the materials and job cost of building any blueprint.'],
  },
  {
    version: '0.11.0',
    date: '2026-11-22',
    title: 'Gas and ore calculators',
    changes: ['New: ISK per hour and time to huff every wormhole gas site, and yield and ISK per hour for every ore, for your ships, skills and boosts.'],
  },
  {
    version: '0.10.0',
    date: '2026-11-22',
    title: 'PI profitability calculator',
    changes: ['New: profit per batch of every planetary product at Jita 4-4, after POCO tax.'],
  },
  {
    version: '0.9.0',
    date: '2026-11-22',
    title: 'Killfeed to Discord',
    changes: ['New: kills of chosen alliances, corporations, characters or systems posted to Discord channels, and a public live killfeed.'],
  },
  {
    version: '0.8.0',
    date: '2026-11-22',
    title: 'Kill trackers',
    changes: ['New: kill tracker pages (days since the last death, 7-day kills and losses), and kill activity for every wormhole system.'],
  },
  {
    version: '0.7.0',
    date: '2026-11-22',
    title: 'Wormhole references',
    changes: ['New: the wormhole database (all 2603 systems with statics and effects), the PvE sites reference and the hole rolling guide.'],
  },
  {
    version: '0.6.0',
    date: '2026-11-22',
    title: 'Loot splitters',
    changes: ['New: split blue loot by shares or by participation in each site run.'],
  },
  {
    version: '0.5.0',
    date: '2026-11-22',
    title: 'Fitting tool in the browser',
    changes: ['New: run Pyfa in your browser in a private, temporary session, with nothing to install.'],
  },
  {
    version: '0.4.0',
    date: '2026-11-22',
    title: 'Our own market prices',
    changes: ['Prices at Jita 4-4, Amarr, Dodixie, Hek and Rens, refreshed every 30 minutes; a status page; the header shows how many pilots are online.'],
  },
  {
    version: '0.3.0',
    date: '2026-11-22',
    title: 'Time converter and contact form',
    changes: ['New: chat timestamp codes that show every reader their own time, and a contact form.'],
  },
  {
    version: '0.2.0',
    date: '2026-11-22',
    title: 'Game data',
    changes: ["The site now knows the game's items, blueprints, planets and every solar system."],
  },
  {
    version: '0.1.0',
    date: '2026-11-22',
    title: 'First light',
    changes: ['The site opens: landing page with tool search, menu, starfield background, changelog, roadmap and about pages.'],
  },
]

export type ReleaseKind = 'Major' | 'Minor' | 'Patch'

const digits = (v: string) => v.split('.').map((d) => Number.parseInt(d, 10) || 0)

/**
 * Classified by the version's own digits: x.0.0 is Major, x.y.0 Minor, anything else Patch. Not by comparing with the
 * release listed below it, which would call 0.15.1 a Minor release whenever 0.15.0 is not listed.
 */
export function releaseKind(version: string): ReleaseKind {
  const [, minor = 0, patch = 0] = digits(version)
  if (patch !== 0) return 'Patch'
  if (minor !== 0) return 'Minor'
  return 'Major'
}
