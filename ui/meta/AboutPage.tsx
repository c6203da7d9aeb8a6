import { Link } from 'react-router-dom'
import { API_DOCS_PATH } from '../../schemas/pages'

export default function AboutPage() {
  return (
    <div className="panel">
      <h1>About J-Space Toolbox</h1>
      <p>
        J-Space Toolbox is a set of free web tools for EVE Online pilots who live in wormhole space: fleet commanders, miners, gas huffers, industrialists and
        loot splitters. The aim is one site to keep open between fleets, with correct numbers, fast pages and live data.
      </p>
      <h2>Where the numbers come from</h2>
      <ul>
        <li>
          Game facts (items, volumes, yields, blueprints, schematics, dogma attributes, the map of J-space) come from CCP's static data export. The copy in use
          is the 2023 "Uprising" export; where that matters, the page says so.
        </li>
        <li>
          Facts the export lacks (wormhole statics, sleeper site waves, gas and ore site contents) come from community data sets, credited on the{' '}
          <Link to="/acknowledgements">acknowledgements</Link> page.
        </li>
        <li>
          Prices are our own, computed from ESI market orders at the five trade hubs, and published through a documented <a href={API_DOCS_PATH}>API</a>.
        </li>
      </ul>
      <h2>Privacy</h2>
      <p>There are no accounts. Settings such as the background choice stay in your browser's local storage.</p>
    </div>
  )
}
