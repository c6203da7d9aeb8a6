import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { BlueLootResponse, LootEscalations } from '../../../schemas/loot-split'
import {
  BLUE_LOOT_SITES,
  BLUE_LOOT_TIERS,
  describeLadder,
  escalationAdds,
  LOOT_SPLIT_LIMITS,
  playerShares,
  SHARE_MODES,
  SHIP_KINDS,
  TACKLE_SHARES,
} from '../../../schemas/loot-split-rules'
import { InfoTip } from '../../components/InfoTip'
import { NumberField } from '../../components/NumberField'
import { SortableTable, type Column, type SortState } from '../../components/SortableTable'
import { formatIsk } from '../../../schemas/format'
import {
  blueLootFromQuery,
  blueLootRequest,
  blueLootToQuery,
  defaultBlueLootSetup,
  fleetUsedDread,
  newPlayerRow,
  playerShips,
  switchMode,
  type BlueLootPlayerRow,
  type BlueLootSetup,
  type BlueLootTier,
} from './blue-loot-setup'
import { NO_PLAYERS, postCalc } from './calc-call'
import { postBlueLootCalc } from '../../../schemas/loot-split-endpoints'
import { abbreviateIsk, billions1, formatShares } from './format'
import {
  AddPlayer,
  CalculateBar,
  calculateOnEnter,
  CellNumber,
  PayoutBreakdown,
  PlayerName,
  RemovePlayerButton,
  SelectField,
  SetupActions,
  TaxFields,
  tierOptions,
} from './parts'
import { payoutText } from './payout-text'
import { avengerTip, drifterTip, unknownEscalationPreview } from './rules-text'
import { initialQuery } from './setup-codec'
import { useEscalations, useTierSites, type Loaded, type TierSite } from './useSiteData'
import { useSetupInUrl } from './useSetupInUrl'
import { TableWrap } from '../../components/TableWrap'
import './loot-split.css'

const STORAGE_KEY = 'loot-split:bloot'

type Payout = BlueLootResponse['payouts'][number]
const RESULT_COLUMNS: Column<Payout>[] = [
  { key: 'name', header: 'Player', value: (p) => p.name },
  { key: 'shares', header: 'Total Shares', value: (p) => p.shares, render: (p) => formatShares(p.shares), align: 'right', firstDirection: 'desc' },
  { key: 'payout', header: 'ISK Earned', value: (p) => p.payout, render: (p) => formatIsk(p.payout), align: 'right', firstDirection: 'desc' },
]

export default function BlueLootPage() {
  const [searchParams] = useSearchParams()
  const [initial] = useState(() => {
    const { params, from } = initialQuery(searchParams, STORAGE_KEY, 'tier')
    return from === 'defaults' ? { setup: defaultBlueLootSetup(), problems: [] } : blueLootFromQuery(params)
  })
  const [setup, setSetup] = useState<BlueLootSetup>(initial.setup)
  const [linkProblems, setLinkProblems] = useState(initial.problems)
  const [result, setResult] = useState<{ data: BlueLootResponse; query: string; tier: string; rates: { corpTax: number; allianceTax: number } } | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sort, setSort] = useState<SortState>({ key: '', direction: 'asc' })
  const sites = useTierSites(setup.tier)
  const escalations = useEscalations()

  const query = useMemo(() => blueLootToQuery(setup).toString(), [setup])
  useSetupInUrl(query, STORAGE_KEY)

  const update = (change: Partial<BlueLootSetup>) => setSetup((s) => ({ ...s, ...change }))
  const updatePlayer = (id: number, change: Partial<BlueLootPlayerRow>) =>
    setSetup((s) => ({ ...s, players: s.players.map((p) => (p.id === id ? { ...p, ...change } : p)) }))
  const nameTaken = (n: string) => setup.players.some((p) => p.name.toLowerCase() === n.toLowerCase())

  // A message whose cause is fixed goes at once: 'Add at least one player first.' once a player is added.
  const hasPlayers = setup.players.length > 0
  useEffect(() => {
    if (hasPlayers) setError((e) => (e === NO_PLAYERS ? null : e))
  }, [hasPlayers])

  const calculate = async () => {
    setBusy(true)
    const answer = await postCalc<BlueLootResponse>(postBlueLootCalc, blueLootRequest(setup))
    setBusy(false)
    // A failed calculation leaves the last breakdown in place (spec) and says why.
    if (!answer.ok) return setError(answer.message)
    setError(null)
    setSort({ key: '', direction: 'asc' })
    setResult({ data: answer.data, query, tier: setup.tier, rates: { corpTax: setup.corpTax, allianceTax: setup.allianceTax } })
  }

  const reset = () => {
    setSetup(defaultBlueLootSetup())
    setResult(null)
    setError(null)
    setLinkProblems([])
  }

  const kinds = SHIP_KINDS[setup.mode]
  const usedDread = fleetUsedDread(setup)
  return (
    <div className="loot-page" onKeyDown={calculateOnEnter(calculate, !busy)}>
      <section className="panel">
        <h1>Blue loot splitter</h1>
        <p className="muted">
          Split a night of C5 or C6 sleeper sites by shares. Enter the sites you cleared and who flew what: each ship earns shares by the tiers below, and every
          player is paid the net total × their shares ÷ everyone&apos;s shares. Site values come from the community sleeper-site sheet; payouts are whole ISK
          and add up to the net exactly.
        </p>
        {linkProblems.map((p) => (
          <p key={p} className="warning-text" role="alert">
            {p}
          </p>
        ))}
      </section>

      <section className="panel" aria-labelledby="sites-heading">
        <h2 id="sites-heading">Sites Run</h2>
        <SelectField
          label="Tier"
          value={setup.tier}
          options={tierOptions(BLUE_LOOT_TIERS)}
          onChange={(tier: BlueLootTier) => update({ tier, counts: {}, avengerRuns: {}, drifterRuns: {} })}
        />
        <SiteStatus sites={sites} />
        <div className="site-counts">
          {BLUE_LOOT_SITES[setup.tier].map((name) => (
            <SiteCount
              key={name}
              name={name}
              setup={setup}
              sites={sites}
              escalations={escalations}
              onChange={(change) => setSetup((s) => ({ ...s, [change.key]: { ...s[change.key], [name]: change.n } }))}
            />
          ))}
        </div>
        <p className="muted avenger-note" data-testid="avenger-note">
          Under each site, enter how many of its runs had the Upgraded Avenger wave (a capital on grid){' '}
          <InfoTip text={avengerTip(escalations)} label="About the Upgraded Avenger wave" /> and how many had a Drifter killed{' '}
          <InfoTip text={drifterTip(escalations)} label="About the Drifter" />. Each is added only to those runs.
          {usedDread && !Object.values(setup.avengerRuns).some((n) => n > 0) && ' A dread is in the fleet, but no run has the Avenger wave yet.'}
        </p>
        <div className="settings-row">
          <TaxFields value={setup} onChange={update} noBrokerLabel="No Broker taxes" />
        </div>
      </section>

      <section className="panel" aria-labelledby="players-heading">
        <h2 id="players-heading">Player Setup</h2>
        <div className="player-setup">
          <div className="player-main">
            <div className="setup-bar">
              <AddPlayer
                buttonLabel="Add"
                taken={nameTaken}
                onAdd={(names) => setSetup((s) => ({ ...s, players: [...s.players, ...names.map(newPlayerRow)] }))}
              />
              <div className="segmented" role="group" aria-label="Share mode">
                {SHARE_MODES.map((m) => (
                  <button
                    key={m.id}
                    type="button"
                    aria-pressed={setup.mode === m.id}
                    onClick={() => setSetup((s) => switchMode(s, m.id))}
                    title="Switching resets every ship count; names, tackle and extra shares stay"
                  >
                    {m.label}
                  </button>
                ))}
              </div>
            </div>
            <TableWrap label="Players table">
              <table className="data-table players-table">
                <thead>
                  <tr>
                    <th>Player</th>
                    {kinds.map((k) => (
                      <th key={k.key} className="align-center">
                        {k.label}
                      </th>
                    ))}
                    <th className="align-center">Tackle</th>
                    <th className="align-center" title="Shares added by hand; may be negative">
                      + Shares
                    </th>
                    <th className="align-right">Shares</th>
                    <th>
                      <span className="visually-hidden">Remove</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {setup.players.length === 0 && (
                    <tr>
                      <td colSpan={kinds.length + 5} className="empty">
                        No players yet: type a name and press Enter.
                      </td>
                    </tr>
                  )}
                  {setup.players.map((p) => (
                    <tr key={p.id} data-player={p.name}>
                      <td>
                        <PlayerName name={p.name} taken={nameTaken} onRename={(name) => updatePlayer(p.id, { name })} />
                      </td>
                      {kinds.map((k, i) => (
                        <td key={k.key} className="align-center">
                          <CellNumber
                            label={`${p.name} ${k.label}`}
                            value={p.ships[i]}
                            max={LOOT_SPLIT_LIMITS.shipCount}
                            onChange={(n) => updatePlayer(p.id, { ships: i === 0 ? [n, p.ships[1]] : [p.ships[0], n] })}
                          />
                        </td>
                      ))}
                      <td className="align-center">
                        <input
                          type="checkbox"
                          aria-label={`${p.name} tackle`}
                          checked={p.tackle}
                          onChange={(e) => updatePlayer(p.id, { tackle: e.target.checked })}
                        />
                      </td>
                      <td className="align-center">
                        <CellNumber
                          label={`${p.name} extra shares`}
                          value={p.extraShares}
                          decimal
                          min={-LOOT_SPLIT_LIMITS.extraShares}
                          max={LOOT_SPLIT_LIMITS.extraShares}
                          onChange={(extraShares) => updatePlayer(p.id, { extraShares })}
                        />
                      </td>
                      <td className="align-right" data-testid="preview-shares">
                        {formatShares(playerShares({ bubbler: p.tackle, extraShares: p.extraShares, ...playerShips(p, setup.mode) }, setup.mode))}
                      </td>
                      <td className="align-right">
                        <RemovePlayerButton name={p.name} onRemove={() => update({ players: setup.players.filter((x) => x.id !== p.id) })} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          </div>
          <aside className="share-rules" aria-label="Share allocations" data-testid="share-rules">
            <h3>{SHARE_MODES.find((m) => m.id === setup.mode)!.label} shares</h3>
            <ul>
              {kinds
                .flatMap((k) => describeLadder(k))
                .map((line) => (
                  <li key={line}>{line}</li>
                ))}
              <li>Tackle: +{TACKLE_SHARES} shares</li>
              <li>+ Shares: added by hand, may be negative; a total never goes below 0</li>
            </ul>
            <p className="muted">Payout = net total × player&apos;s shares ÷ all shares.</p>
          </aside>
        </div>
        <CalculateBar
          onCalculate={calculate}
          busy={busy}
          error={error}
          done={
            result &&
            `Payout Breakdown: ${billions1(result.data.totalISK)}, ${formatIsk(result.data.netISK)} paid out to ${result.data.payouts.length} players.`
          }
        />
      </section>

      {result && (
        <PayoutBreakdown
          result={result.data}
          rates={result.rates}
          total={billions1(result.data.totalISK)}
          stale={result.query !== query}
          sites={result.data.sites}
          copy={payoutText(
            `Blue loot split: ${result.tier}, ${SHARE_MODES.find((m) => m.id === result.data.shareMode)!.label} shares`,
            result.data,
            result.rates,
            result.data.payouts.map((p) => ({ name: p.name, payout: p.payout, note: `${formatShares(p.shares)} shares` })),
          )}
          table={
            <SortableTable
              label="Payouts table"
              className="sticky-first"
              rows={result.data.payouts}
              columns={RESULT_COLUMNS}
              rowKey={(p) => p.name}
              sort={sort}
              onSortChange={setSort}
            />
          }
        />
      )}
      <SetupActions onReset={reset} />
    </div>
  )
}

function SiteStatus({ sites }: { sites: Loaded<TierSite[]> }) {
  if (sites.status === 'error') {
    return (
      <p className="error-box" role="alert" data-testid="site-data-error">
        Site values could not be loaded: {sites.message}
      </p>
    )
  }
  return null
}

/**
 * One site's count box, with its blue loot per run, and below it how many of those runs had the Avenger wave and
 * (combat sites) a Drifter, each box capped at the site's runs.
 */
function SiteCount({
  name,
  setup,
  sites,
  escalations,
  onChange,
}: {
  name: string
  setup: BlueLootSetup
  sites: Loaded<TierSite[]>
  escalations: Loaded<LootEscalations>
  onChange: (change: { key: 'counts' | 'avengerRuns' | 'drifterRuns'; n: number }) => void
}) {
  const site = sites.status === 'ready' ? sites.data.find((s) => s.site === name) : undefined
  const count = setup.counts[name] ?? 0
  const avengers = Math.min(setup.avengerRuns[name] ?? 0, count)
  const drifters = Math.min(setup.drifterRuns[name] ?? 0, count)
  let hint = sites.status === 'loading' ? '…' : '—'
  let tip = 'Blue loot value unknown'
  if (site) {
    const esc = escalations.status === 'ready' ? escalations.data : null
    const adds = escalationAdds({ tier: setup.tier, kind: site.group }, { usedDread: avengers > 0, drifterRan: drifters > 0 }, esc)
    if (adds.missing) {
      const unknown = unknownEscalationPreview(site.blue_loot_isk, escalations)
      hint = escalations.status === 'loading' ? unknown.text : `${unknown.text} per run`
      tip = unknown.tip
    } else {
      hint = `${abbreviateIsk(site.blue_loot_isk)} per run`
      tip = `${abbreviateIsk(site.blue_loot_isk)} blue loot per run, plus the Avenger wave and the Drifter on the runs that had them`
    }
  }
  return (
    <div className="site-count">
      <NumberField label={name} value={count} onChange={(n) => onChange({ key: 'counts', n })} min={0} max={LOOT_SPLIT_LIMITS.siteCount} integer title={tip} />
      <span className="muted site-value" title={tip}>
        {hint}
      </span>
      {count > 0 && (
        <span className="escalation-runs">
          <label>
            with Avengers{' '}
            <CellNumber label={`${name} runs with the Avenger wave`} value={avengers} max={count} onChange={(n) => onChange({ key: 'avengerRuns', n })} />
          </label>
          {site?.group === 'combat' && (
            <label>
              with a Drifter{' '}
              <CellNumber label={`${name} runs with a Drifter`} value={drifters} max={count} onChange={(n) => onChange({ key: 'drifterRuns', n })} />
            </label>
          )}
        </span>
      )}
    </div>
  )
}
