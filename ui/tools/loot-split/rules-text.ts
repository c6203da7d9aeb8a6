import type { LootEscalations } from '../../../schemas/loot-split'
import { AVENGERS_PER_WAVE } from '../../../schemas/loot-split-rules'
import { formatIsk } from '../../../schemas/format'
import { abbreviateIsk } from './format'
import type { Loaded } from './useSiteData'

const UNKNOWN = 'Its value is unknown right now: the escalation data set is not loaded on the server.'

/** Tooltip for 'Drifter ran?': the rule and the values from escalations.json. */
export function drifterTip(esc: Loaded<LootEscalations>): string {
  const rule =
    'A Drifter spawns in C5/C6 combat sites when the Decloaked Transmission Relay is attacked: the Drifter Response Battleship with a capital on grid, else the smaller Drifter Recon Battleship.'
  if (esc.status !== 'ready') return `${rule} Yes adds its blue loot to every C5/C6 combat site run. ${esc.status === 'error' ? UNKNOWN : ''}`.trim()
  return `${rule} Yes adds its blue loot, ${abbreviateIsk(esc.data.drifterIsk)} ISK with a capital or ${abbreviateIsk(esc.data.reconDrifterIsk)} ISK without, to every C5/C6 combat site run; data and relic sites have no Drifter.`
}

/** Tooltip for 'Dread used?' (and the Avenger note on the share splitter). */
export function avengerTip(esc: Loaded<LootEscalations>): string {
  const per = (tier: string) => AVENGERS_PER_WAVE[tier]
  const rule = `The first capital on grid in a C5/C6 site triggers a wave of Upgraded Avengers: ${per('C5')} in C5, ${per('C6')} in C6.`
  if (esc.status !== 'ready') return `${rule} Yes adds their blue loot to every C5/C6 site run. ${esc.status === 'error' ? UNKNOWN : ''}`.trim()
  const each = esc.data.avengerIsk
  return `${rule} At ${abbreviateIsk(each)} ISK each, Yes adds ${abbreviateIsk(per('C5') * each)} to every C5 site run and ${abbreviateIsk(per('C6') * each)} to every C6 site run (combat, data and relic).`
}

/**
 * A site's per-run value when an escalation applies (Drifter ran? or a dread) but its value is not on the page:
 * '…' while it loads; if it could not be loaded, the base value and '+ ?', never a total that silently leaves it out.
 */
export function unknownEscalationPreview(baseIsk: number, esc: Loaded<LootEscalations>): { text: string; tip: string } {
  if (esc.status === 'loading') return { text: '…', tip: 'Loading the Upgraded Avenger and Drifter values…' }
  const why = esc.status === 'error' ? ` (${esc.message})` : ''
  return {
    text: `${abbreviateIsk(baseIsk)} + ?`,
    tip: `${formatIsk(baseIsk)} blue loot + the Upgraded Avenger / Drifter value, which could not be loaded${why}, so the per-run total is unknown here`,
  }
}
