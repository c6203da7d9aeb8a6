import { Link } from 'react-router-dom'
import { NewTabLink } from '../components/NewTabLink'

const communities = [
  'The wormhole community: the corporations and pilots who scan, roll, huff and share what they learn.',
  'The maintainers of the community wormhole-sites sheet (sleeper site waves, gas and ore site contents, blue loot values) and everyone thanked in its update log.',
  'EVE University, whose wiki explains most of the mechanics these tools compute.',
]

const references = [
  { name: 'EVE static data export (SDE)', url: 'https://developers.eveonline.com/', note: 'types, blueprints, schematics, dogma and the map' },
  { name: 'ESI', url: 'https://esi.evetech.net/', note: 'market orders, server status, killmails' },
  { name: 'zKillboard', url: 'https://zkillboard.com/', note: 'the killmail feed' },
  { name: 'Wanderer', url: 'https://github.com/wanderer-industries/wanderer', note: 'wormhole statics and wormhole type data (MIT)' },
  { name: 'Pathfinder', url: 'https://github.com/exodus4d/pathfinder', note: 'site class lists and cross-checks (MIT)' },
  { name: 'Anoik.is', url: 'https://anoik.is/', note: 'the wormhole reference every wormholer knows' },
  { name: 'Pyfa', url: 'https://github.com/pyfa-org/Pyfa', note: 'the fitting tool, and its effect definitions' },
  { name: 'Fuzzwork, evepraisal and Janice', url: 'https://www.fuzzwork.co.uk/', note: 'the bar for market and appraisal tools' },
]

export default function AcknowledgementsPage() {
  return (
    <div className="panel">
      <h1>Acknowledgements</h1>
      <h2>Communities</h2>
      <ul>
        {communities.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <h2>References and data</h2>
      <ul>
        {references.map((r) => (
          <li key={r.name}>
            <NewTabLink href={r.url}>{r.name}</NewTabLink> <span className="muted">: {r.note}</span>
          </li>
        ))}
      </ul>
      <h2>Thanks</h2>
      <p>To CCP Games for EVE Online, its static data and its public API, and to every tool author who published their work so others could learn from it.</p>
      <p>
        Something missing, or your work used without credit? <Link to="/contact">Get in touch</Link>.
      </p>
    </div>
  )
}
