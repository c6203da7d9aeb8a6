import type { WormholeTypeInfo } from '../../../schemas/wormholes'
import { destinationColour, destinationLabel } from '../../lib/wormhole-destinations'
import { formatHours, formatKg } from './format'

/** A static's code in the colour of where it leads, with its mass, jump mass, lifetime and any mass regeneration on hover. */
export function StaticChip({ code, type }: { code: string; type: WormholeTypeInfo | undefined }) {
  const destination = type?.destinations[0]
  const title = type
    ? `${code} → ${type.destinations.map(destinationLabel).join(', ') || 'unknown'}` +
      (type.total_mass !== null ? ` · total ${formatKg(type.total_mass)}` : '') +
      (type.max_jump_mass !== null ? ` · jump ${formatKg(type.max_jump_mass)}` : '') +
      (type.lifetime_hours !== null ? ` · ${formatHours(type.lifetime_hours)}` : '') +
      (type.mass_regen ? ` · regenerates ${formatKg(type.mass_regen)}` : '')
    : `${code}: not in the wormhole type data`
  return (
    <span
      className="static-chip"
      style={{ color: destinationColour(destination), borderColor: destinationColour(destination) }}
      title={title}
      data-destination={destination ?? 'unknown'}
    >
      {code}
      {destination && <span className="static-dest">{destinationLabel(destination).replace('-sec', '')}</span>}
    </span>
  )
}
