import type { WormholeTypeInfo } from '../../../schemas/wormholes'
import { formatInt } from '../../../schemas/format'

/** Where the SDE (the build the status page names) gives a type other masses than the community data the page uses, one line per mass. */
export function sdeDisagreements(t: WormholeTypeInfo): string[] {
  const sde = t.sde[0]
  if (!sde) return []
  const lines: string[] = []
  if (t.disagreements.includes('total_mass') && sde.total_mass !== null) lines.push(`SDE total mass: ${formatInt(sde.total_mass)} kg`)
  if (t.disagreements.includes('max_jump_mass') && sde.max_jump_mass !== null) lines.push(`SDE jump mass: ${formatInt(sde.max_jump_mass)} kg`)
  return lines
}
