import { useState } from 'react'
import type { SiteShip, SiteSpecial, SiteWave } from '../../../schemas/wormhole-sites'
import { formatInt } from '../../../schemas/format'
import { ShipClassIcon } from './ShipClassIcon'
import { hasTackle, peakStats, referenceWaves, waveTotals, type SiteView, type WaveTotals } from './sites'
import { TableWrap } from '../../components/TableWrap'

const round = (n: number) => formatInt(n)
// To the hundred metres: Emergent Defenders orbit at 6,500 m, which whole kilometres would show as 7 km.
const kmFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
const km = (m: number) => `${kmFormat.format(m / 1000)} km`

function Specials({ special }: { special: SiteSpecial }) {
  const parts: Array<[string, string, string]> = []
  if (special.scram) parts.push(['scram', `Scram ${special.scram}`, `Warp scramble strength ${special.scram}`])
  if (special.web) parts.push(['web', `Web ${round(special.web)}%`, `Stasis web: −${round(special.web)}% velocity`])
  if (special.neut) parts.push(['neut', `Neut ${round(special.neut)} GJ/s`, 'Energy neutralized per second'])
  if (special.rr) parts.push(['rr', `RR ${round(special.rr)} HP/s`, 'Remote armor repair per second'])
  if (parts.length === 0) return <span className="muted">–</span>
  return (
    <span className="specials">
      {parts.map(([kind, text, title]) => (
        <span key={kind} className={`special special-${kind}`} title={title}>
          {text}
        </span>
      ))}
    </span>
  )
}

function TotalsLine({ t }: { t: WaveTotals }) {
  return (
    <span className="wave-totals">
      <span>
        EHP <strong>{round(t.ehp)}</strong>
      </span>
      <span>
        DPS <strong>{round(t.dps)}</strong>
      </span>
      <span>
        Alpha <strong>{round(t.alpha)}</strong>
      </span>
      {t.scram > 0 && <span className="special special-scram">Scram {t.scram}</span>}
      {t.web > 0 && <span className="special special-web">Web ×{t.web}</span>}
      {t.neut > 0 && <span className="special special-neut">Neut {round(t.neut)} GJ/s</span>}
      {t.rr > 0 && <span className="special special-rr">RR {round(t.rr)} HP/s</span>}
    </span>
  )
}

function Badges({ ship }: { ship: SiteShip }) {
  return (
    <>
      {ship.trigger && (
        <span className="badge badge-warn" title={ship.note ?? 'Killing the last of these spawns the next wave'}>
          Trigger
        </span>
      )}
      {ship.optional && (
        <span className="badge badge-neutral" title={ship.note ?? 'Optional spawn'}>
          Optional
        </span>
      )}
      {ship.dta && (
        <span className="badge badge-bad" title="Triggers the Decloaked Transmission Relay: the C5/C6 Drifter escalation">
          DTR
        </span>
      )}
    </>
  )
}

function WaveTable({ wave, label }: { wave: SiteWave; label: string }) {
  return (
    <TableWrap label={label}>
      <table className="data-table ship-table">
        <thead>
          <tr>
            <th scope="col" className="align-right">
              Qty
            </th>
            <th scope="col">Name</th>
            <th scope="col" className="align-right" title="Omni EHP: each layer's HP over its average resonance">
              EHP
            </th>
            <th scope="col" className="align-right">
              DPS
            </th>
            <th scope="col" className="align-right">
              Alpha
            </th>
            <th scope="col" className="align-right" title="Signature radius (m)">
              Sig
            </th>
            <th scope="col" className="align-right" title="Orbit velocity (m/s)">
              Orbit
            </th>
            <th scope="col" className="align-right" title="Orbit distance">
              Dist
            </th>
            <th scope="col">Special</th>
          </tr>
        </thead>
        <tbody>
          {wave.ships.map((s, i) => (
            <tr key={`${s.name}-${i}`}>
              <td className="align-right">{s.qty}</td>
              <td className="ship-name">
                <ShipClassIcon shipClass={s.ship_class} />
                <span>{s.name}</span>
                <Badges ship={s} />
                {s.stats_source === 'community' && (
                  <span className="muted" title="Not in the static data this site has imported: figures from the community data">
                    *
                  </span>
                )}
              </td>
              <td className="align-right">{round(s.ehp)}</td>
              <td className="align-right">{round(s.dps)}</td>
              <td className="align-right">{round(s.alpha)}</td>
              <td className="align-right">{round(s.sig)}</td>
              <td className="align-right">{s.orbit_velocity > 0 ? round(s.orbit_velocity) : '–'}</td>
              <td className="align-right">{s.distance > 0 ? km(s.distance) : '–'}</td>
              <td>
                <Specials special={s.special} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}

/** One site: its header figures always, its waves on demand (open by default in reference mode). */
export function SiteCard({ view, reference }: { view: SiteView; reference: boolean }) {
  const [open, setOpen] = useState<boolean | null>(null)
  const expanded = open ?? reference
  const { record } = view
  const peak = peakStats(view.waves)
  const waves = reference ? referenceWaves(view.waves) : view.waves
  return (
    <article className="site-card panel" data-site={record.site}>
      <header className="site-head">
        <div>
          <h2>{record.site}</h2>
          <p className="muted">
            {record.class} • {record.type} Site
          </p>
        </div>
        <button type="button" className="button secondary" aria-expanded={expanded} onClick={() => setOpen(!expanded)}>
          {expanded ? 'Hide Waves' : 'Show Waves'}
          <span className="visually-hidden"> of {record.site}</span>
        </button>
      </header>
      <div className="site-figures">
        <span className="blue-loot" data-testid="blue-loot">
          {view.blueLoot === null ? (
            <>
              Blue Loot: <strong title="The community site data has no blue loot value for this site">not in the data</strong>
              {view.escalationIsk > 0 && <span className="muted"> (escalation adds {formatInt(view.escalationIsk)})</span>}
            </>
          ) : (
            <>
              Blue Loot: <strong>{formatInt(view.blueLoot)} ISK</strong>
              {view.escalationIsk > 0 && <span className="muted"> (incl. {formatInt(view.escalationIsk)} escalation)</span>}
            </>
          )}
        </span>
        {!hasTackle(view.waves) && (
          <span className="badge badge-good" title="No ship in this site can warp scramble">
            No tackle!
          </span>
        )}
        <span className="peak" data-testid="peak">
          Peak DPS <strong>{round(peak.dps)}</strong> · Alpha <strong>{round(peak.alpha)}</strong> · Neut <strong>{round(peak.neut)} GJ/s</strong>
        </span>
      </div>
      {record.notes.length > 0 && <p className="muted small">{record.notes.join(' ')}</p>}
      {expanded && (
        <div className="waves">
          {waves.length === 0 && <p className="muted">No trigger, DTR or escalation wave in this site.</p>}
          {waves.map((w, i) => (
            // a named group, not a landmark: every card has a "Wave 1", and a screen reader's landmark list named them all alike
            <section key={`${w.wave}-${i}`} className="wave" role="group" aria-label={`${record.site}: ${w.wave}`}>
              <div className="wave-head">
                <h3>{w.wave}</h3>
                <TotalsLine t={waveTotals(w.ships)} />
              </div>
              {w.triggerOnHack && <p className="warning-text">⚠ Triggered on Hack</p>}
              <WaveTable wave={w} label={`${record.site}: ${w.wave} table`} />
            </section>
          ))}
        </div>
      )}
    </article>
  )
}
