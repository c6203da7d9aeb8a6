import type { ShipClass } from '../../../schemas/wormhole-sites'

const LABELS: Record<ShipClass, string> = { sentry: 'Sentry tower', frigate: 'Frigate', cruiser: 'Cruiser', battleship: 'Battleship' }

/** Bracket-style icons: a tower for sentries, and a triangle with no, one or two bars for frigates, cruisers and battleships. */
export function ShipClassIcon({ shipClass }: { shipClass: ShipClass | null }) {
  if (!shipClass) return <span className="ship-icon" aria-hidden="true" />
  const bars = shipClass === 'cruiser' ? 1 : shipClass === 'battleship' ? 2 : 0
  return (
    <svg
      className={`ship-icon ship-${shipClass}`}
      viewBox="0 0 16 16"
      width="16"
      height="16"
      role="img"
      aria-label={LABELS[shipClass]}
      data-ship-class={shipClass}
    >
      <title>{LABELS[shipClass]}</title>
      {shipClass === 'sentry' ? (
        <>
          <rect x="5" y="2" width="6" height="6" rx="1" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M8 8v5M4 14h8" stroke="currentColor" strokeWidth="1.5" />
        </>
      ) : (
        <>
          <path d={bars ? 'M8 1.5 13 9H3z' : 'M8 3 13 12H3z'} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
          {bars >= 1 && <path d="M3 11.5h10" stroke="currentColor" strokeWidth="1.5" />}
          {bars >= 2 && <path d="M3 14.5h10" stroke="currentColor" strokeWidth="1.5" />}
        </>
      )}
    </svg>
  )
}
