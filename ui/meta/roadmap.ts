export type RoadmapStatus = 'planned' | 'in progress' | 'shipped'

/**
 * What is coming (the spec's roadmap items). Items that have since shipped stay listed, marked shipped, with the
 * page they live on; their release is in the changelog.
 */
export const roadmap: Array<{ title: string; detail: string; status: RoadmapStatus; href?: string }> = [
  { title: 'Reaction calculator market taxes', detail: 'Broker fees and sales tax in the reaction profit table.', status: 'planned' },
  { title: 'Guides', detail: 'Short guides for new wormholers next to the tools they use.', status: 'planned' },
  { title: 'UI cleanup', detail: 'One consistent look across every tool, keyboard friendly.', status: 'planned' },
  { title: 'Saved huffing fleets', detail: 'Keep gas fleet compositions in your browser and switch between them.', status: 'shipped', href: '/gas-calc' },
  { title: 'Link a game account', detail: 'Sign in with EVE to keep settings (skills, fleets) with your character.', status: 'planned' },
  { title: 'Industry calculator', detail: 'Build cost of any blueprint with structure, rigs and system cost index.', status: 'shipped', href: '/industry' },
]
