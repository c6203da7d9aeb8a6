import type { WormholeTypeInfo } from '../../../schemas/wormholes'
import { formatInt } from '../../../schemas/format'

/**
 * Where the community data gives a type other masses than the game's static data the page uses (the build the status
 * page names), one line per mass.
 */
export function sdeDisagreements(t: WormholeTypeInfo): string[] {
  const lines: string[] = []
  const { total_mass, max_jump_mass } = t.community
  if (t.disagreements.includes('total_mass') && total_mass !== null) lines.push(`Community data total mass: ${formatInt(total_mass)} kg`)
  if (t.disagreements.includes('max_jump_mass') && max_jump_mass !== null) lines.push(`Community data jump mass: ${formatInt(max_jump_mass)} kg`)
  return lines
}
