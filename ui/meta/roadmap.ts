export type RoadmapStatus = 'planned' | 'in progress'

/** What is coming. Items leave this list when they ship (and appear in the changelog). */
export const roadmap: Array<{ title: string; detail: string; status: RoadmapStatus }> = [
  { title: 'Market prices', detail: 'Our own hub prices from ESI market orders at Jita, Amarr, Dodixie, Hek and Rens, a public price API and a status page.', status: 'in progress' },
  { title: 'Kills', detail: 'Killboard panels for every wormhole, kill trackers and a killfeed to Discord.', status: 'planned' },
  { title: 'Calculators', detail: 'Gas and ore harvesting, blue loot and participation splits, PI, reactions, industry build costs and the compressed-ore planner.', status: 'planned' },
  { title: 'References', detail: 'Wormhole database, sleeper sites, hole rolling guide and time converter.', status: 'planned' },
  { title: 'Reaction calculator market taxes', detail: 'Broker fees and sales tax in the reaction profit table.', status: 'planned' },
  { title: 'Guides', detail: 'Short guides for new wormholers next to the tools they use.', status: 'planned' },
  { title: 'UI cleanup', detail: 'One consistent look across every tool, keyboard friendly.', status: 'planned' },
  { title: 'Saved huffing fleets', detail: 'Keep gas fleet compositions in your browser and switch between them.', status: 'planned' },
  { title: 'Link a game account', detail: 'Sign in with EVE to keep settings (skills, fleets) with your character.', status: 'planned' },
  { title: 'Industry calculator', detail: 'Build cost of any blueprint with structure, rigs and system cost index.', status: 'planned' },
]
