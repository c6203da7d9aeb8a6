import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { getStaticStatus } from '../../schemas/catalog-endpoints'
import type { StaticDataStatus } from '../../schemas/types'
import { callApi } from '../lib/api'

/** The static data in use, as the import record names it: CCP's build and release date, or the npm package and its build date. */
function sourceSentence(source: StaticDataStatus['source']): string {
  if (!source) return 'Which copy is in use is shown on the status page once the first import has finished.'
  const date = source.build_date ? `, ${source.kind === 'npm' ? 'a build of' : 'released'} ${source.build_date.slice(0, 10)}` : ''
  return `The copy in use is ${source.label}${date}.`
}
import { API_DOCS_PATH } from '../../schemas/pages'

export default function AboutPage() {
  const [source, setSource] = useState<StaticDataStatus['source'] | undefined>(undefined)
  useEffect(() => {
    let live = true
    callApi(getStaticStatus, {})
      .then((s) => live && setSource(s.source))
      .catch(() => live && setSource(null))
    return () => {
      live = false
    }
  }, [])
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
          Game facts (items, volumes, yields, blueprints, schematics, dogma attributes, the map of J-space) come from CCP's static data export, checked daily
          for a newer build. {source !== undefined && sourceSentence(source)} Its details are on the <Link to="/statuses">status</Link> page.
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
