import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { LootEscalations, ParticipationResponse } from '../../../schemas/loot-split'
import { escalationAdds, hasEscalations, LOOT_SPLIT_LIMITS, SITE_TIERS, type SiteTier } from '../../../schemas/loot-split-rules'
import { formatIsk } from '../../../schemas/format'
import { NO_PLAYERS, postCalc } from './calc-call'
import { postParticipationCalc } from '../../../schemas/loot-split-endpoints'
import { abbreviateIsk, millions0 } from './format'
import {
  changeTier,
  defaultParticipationSetup,
  newParticipant,
  participationFromQuery,
  participationRequest,
  participationToQuery,
  pruneToSites,
  sitesNotIn,
  type ParticipationPlayerRow,
  type ParticipationSetup,
} from './participation-setup'
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
import { InfoTip } from '../../components/InfoTip'
import './loot-split.css'

const STORAGE_KEY = 'loot-split:participation'

export default function ParticipationPage() {
  const [searchParams] = useSearchParams()
  const [initial] = useState(() => {
    const { params, from } = initialQuery(searchParams, STORAGE_KEY, 'tier')
    return { from, ...(from === 'defaults' ? { setup: defaultParticipationSetup(), problems: [] } : participationFromQuery(params)) }
  })
  const [setup, setSetup] = useState<ParticipationSetup>(initial.setup)
  const [linkProblems, setLinkProblems] = useState<string[]>(initial.problems)
  // A link's counts for sites its tier does not have are said once, when that tier's sites first arrive (a tier
  // changed by hand prunes them quietly, as the spec asks).
  const checkLink = useRef(initial.from === 'link')
  const [result, setResult] = useState<{ data: ParticipationResponse; query: string; tier: SiteTier; rates: { corpTax: number; allianceTax: number } } | null>(
    null,
  )
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const sites = useTierSites(setup.tier)
  const escalations = useEscalations()
  const siteNames = useMemo(() => (sites.status === 'ready' ? sites.data.map((s) => s.site) : []), [sites])

  // When a tier's sites arrive, keep only counts for sites that tier has (a same-named site keeps its counts).
  useEffect(() => {
    if (sites.status !== 'ready') return
    if (checkLink.current) {
      checkLink.current = false
      const unknown = setup.tier === initial.setup.tier ? sitesNotIn(setup, siteNames) : []
      if (unknown.length) setLinkProblems((known) => [`The link names sites that are not ${setup.tier} sites, left out: ${unknown.join(', ')}.`, ...known])
    }
    setSetup((s) => pruneToSites(s, siteNames))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sites.status, siteNames])

  // Until the sites load, the URL keeps what the link said rather than a half-pruned setup.
  const query = useMemo(() => (sites.status === 'ready' ? participationToQuery(setup, siteNames).toString() : null), [setup, siteNames, sites.status])
  useSetupInUrl(query, STORAGE_KEY)

  const update = (change: Partial<ParticipationSetup>) => setSetup((s) => ({ ...s, ...change }))
  const nameTaken = (n: string) => setup.players.some((p) => p.name.toLowerCase() === n.toLowerCase())
  const rename = (id: number, name: string) => setSetup((s) => ({ ...s, players: s.players.map((p) => (p.id === id ? { ...p, name } : p)) }))
  const setCount = (player: ParticipationPlayerRow, site: string, n: number) =>
    setSetup((s) => ({ ...s, players: s.players.map((p) => (p.id === player.id ? { ...p, counts: { ...p.counts, [site]: n } } : p)) }))

  // A message whose cause is fixed goes at once: 'Add at least one player first.' once a player is added.
  const hasPlayers = setup.players.length > 0
  useEffect(() => {
    if (hasPlayers) setError((e) => (e === NO_PLAYERS ? null : e))
  }, [hasPlayers])

  const calculate = async () => {
    setBusy(true)
    const answer = await postCalc<ParticipationResponse>(postParticipationCalc, participationRequest(setup, siteNames))
    setBusy(false)
    if (!answer.ok) {
      // Spec: a failed calculation empties the payout list; we also say why.
      setResult(null)
      return setError(answer.message)
    }
    setError(null)
    setResult({ data: answer.data, query: query ?? '', tier: setup.tier, rates: { corpTax: setup.corpTax, allianceTax: setup.allianceTax } })
  }

  const escalates = hasEscalations(setup.tier)
  return (
    <div className="loot-page" onKeyDown={calculateOnEnter(calculate, sites.status === 'ready' && !busy)}>
      <section className="panel">
        <h1>Participation loot splitter</h1>
        <p className="muted">
          Split blue loot by who was there. Enter how many times each site was run and, for every player, how many of those runs they were in.{' '}
          <strong>Each site&apos;s loot goes to the pilots who ran it, in proportion to their runs of it</strong>; a count above Number Ran counts as Number
          Ran. Taxes come off the total and every pilot is paid their part of what is left. Site values come from the community sleeper-site sheet; payouts are
          whole ISK and add up to the net exactly.
        </p>
        {linkProblems.map((p) => (
          <p key={p} className="warning-text" role="alert">
            {p}
          </p>
        ))}
      </section>

      <section className="panel" aria-labelledby="setup-heading">
        <h2 id="setup-heading">Setup</h2>
        <div className="settings-row">
          <SelectField
            label="Site Tier"
            value={setup.tier}
            options={tierOptions(SITE_TIERS)}
            onChange={(tier: SiteTier) => setSetup((s) => changeTier(s, tier))}
          />
          <TaxFields value={setup} onChange={update} noBrokerLabel="No Broker Taxes" />
        </div>

        {escalates && (
          <p className="muted avenger-note" data-testid="escalation-note">
            For each site, enter how many of its runs had the Upgraded Avenger wave (a capital on grid){' '}
            <InfoTip text={avengerTip(escalations)} label="About the Upgraded Avenger wave" /> and how many had a Drifter killed{' '}
            <InfoTip text={drifterTip(escalations)} label="About the Drifter" />. Each is added only to those runs.
          </p>
        )}
        {sites.status === 'error' && (
          <p className="error-box" role="alert" data-testid="site-data-error">
            Site values for {setup.tier} could not be loaded: {sites.message}
          </p>
        )}
        {sites.status === 'loading' && <p className="muted">Loading {setup.tier} sites…</p>}
        {sites.status === 'ready' && (
          <ParticipationGrid
            setup={setup}
            sites={sites.data}
            escalations={escalations}
            onRan={(key, site, n) => setSetup((s) => ({ ...s, [key]: { ...s[key], [site]: n } }))}
            onCount={setCount}
            onRemove={(id) => update({ players: setup.players.filter((p) => p.id !== id) })}
            nameTaken={nameTaken}
            onRename={rename}
          />
        )}

        <div className="setup-bar">
          <AddPlayer
            buttonLabel="Add Player"
            taken={nameTaken}
            onAdd={(names) => setSetup((s) => ({ ...s, players: [...s.players, ...names.map(newParticipant)] }))}
          />
        </div>
        <CalculateBar
          onCalculate={calculate}
          busy={busy}
          disabled={sites.status !== 'ready'}
          error={error}
          done={
            result &&
            `Payout Breakdown: ${millions0(result.data.totalISK)}, ${formatIsk(result.data.netISK)} paid out to ${result.data.payouts.length} players.`
          }
        />
      </section>

      {result && (
        <PayoutBreakdown
          result={result.data}
          rates={result.rates}
          total={millions0(result.data.totalISK)}
          stale={result.query !== query}
          sites={result.data.sites}
          copy={payoutText(`Participation loot split: ${result.tier}`, result.data, result.rates, result.data.payouts)}
          notes={result.data.capped.map(
            (c) =>
              `${c.name}'s ${c.entered} runs of ${c.siteName} count as ${c.counted}: ${c.counted ? 'Number Ran is' : 'the site was not run, so'} ${c.counted}.`,
          )}
          extra={<SiteShares sites={result.data.sites} />}
          table={
            <TableWrap label="Payouts table">
              <table className="data-table">
                <thead>
                  <tr>
                    <th>Player</th>
                    <th className="align-right">ISK Earned</th>
                  </tr>
                </thead>
                <tbody>
                  {result.data.payouts.map((p) => (
                    <tr key={p.name}>
                      <td>{p.name}</td>
                      <td className="align-right">{formatIsk(p.payout)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
          }
        />
      )}
      <SetupActions
        onReset={() => {
          setSetup(defaultParticipationSetup())
          setResult(null)
          setError(null)
          setLinkProblems([])
        }}
      />
    </div>
  )
}

/** One column per site of the tier; rows Site Value, Number Ran, then one row per player. */
function ParticipationGrid({
  setup,
  sites,
  escalations,
  onRan,
  onCount,
  onRemove,
  nameTaken,
  onRename,
}: {
  setup: ParticipationSetup
  sites: TierSite[]
  escalations: Loaded<LootEscalations>
  onRan: (key: 'ran' | 'avengerRuns' | 'drifterRuns', site: string, n: number) => void
  onCount: (p: ParticipationPlayerRow, site: string, n: number) => void
  onRemove: (id: number) => void
  nameTaken: (name: string) => boolean
  onRename: (id: number, name: string) => void
}) {
  const escalates = hasEscalations(setup.tier)
  const value = (s: TierSite) => {
    if (!s.blue_loot_isk) return { text: '—', tip: 'No blue loot value in the data for this site' }
    const runs = { usedDread: escalates && (setup.avengerRuns[s.site] ?? 0) > 0, drifterRan: escalates && (setup.drifterRuns[s.site] ?? 0) > 0 }
    const adds = escalationAdds({ tier: setup.tier, kind: s.group }, runs, escalations.status === 'ready' ? escalations.data : null)
    if (adds.missing) return unknownEscalationPreview(s.blue_loot_isk, escalations)
    return { text: abbreviateIsk(s.blue_loot_isk), tip: `${formatIsk(s.blue_loot_isk)} blue loot per run, plus the escalations of the runs that had them` }
  }
  const escalationRow = (key: 'avengerRuns' | 'drifterRuns', label: string) => (
    <tr className="ran-row" data-testid={`${key}-row`}>
      <th scope="row">{label}</th>
      {sites.map((s) => {
        const ran = setup.ran[s.site] ?? 0
        const applies = key === 'avengerRuns' || s.group === 'combat'
        return (
          <td key={s.site} className="align-center">
            {applies && ran > 0 ? (
              <CellNumber
                label={`${s.site} ${label.toLowerCase()}`}
                value={Math.min(setup[key][s.site] ?? 0, ran)}
                max={ran}
                onChange={(n) => onRan(key, s.site, n)}
              />
            ) : (
              <span className="muted">—</span>
            )}
          </td>
        )
      })}
      <td />
    </tr>
  )
  return (
    <TableWrap label="Sites run table">
      <table className="data-table participation-grid" data-testid="participation-grid">
        <thead>
          <tr>
            <th scope="col">
              <span className="visually-hidden">Row</span>
            </th>
            {sites.map((s) => (
              <th key={s.site} scope="col" className="align-center site-head">
                {s.site}
                <span className="muted site-kind">{s.group === 'combat' ? 'combat' : 'data / relic'}</span>
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr className="value-row">
            <th scope="row">Site Value</th>
            {sites.map((s) => {
              const v = value(s)
              return (
                <td key={s.site} className="align-center" title={v.tip} data-site={s.site}>
                  {v.text}
                </td>
              )
            })}
            <td />
          </tr>
          <tr className="ran-row">
            <th scope="row">Number Ran</th>
            {sites.map((s) => (
              <td key={s.site} className="align-center">
                <CellNumber
                  label={`${s.site} number ran`}
                  value={setup.ran[s.site] ?? 0}
                  max={LOOT_SPLIT_LIMITS.siteCount}
                  onChange={(n) => onRan('ran', s.site, n)}
                />
              </td>
            ))}
            <td />
          </tr>
          {escalates && escalationRow('avengerRuns', 'Runs with Avengers')}
          {escalates && escalationRow('drifterRuns', 'Runs with a Drifter')}
          {setup.players.map((p) => (
            <tr key={p.id} data-player={p.name}>
              <th scope="row">
                <PlayerName name={p.name} taken={nameTaken} onRename={(name) => onRename(p.id, name)} />
              </th>
              {sites.map((s) => {
                const count = p.counts[s.site] ?? 0
                const ran = setup.ran[s.site] ?? 0
                return (
                  <td key={s.site} className="align-center">
                    <CellNumber
                      label={`${p.name} ${s.site}`}
                      value={count}
                      max={LOOT_SPLIT_LIMITS.siteCount}
                      onChange={(n) => onCount(p, s.site, n)}
                      warning={count > ran ? `Player count (${count}) exceeds Number Ran (${ran}); paid as ${ran}` : undefined}
                    />
                  </td>
                )
              })}
              <td className="align-right">
                <RemovePlayerButton name={p.name} onRemove={() => onRemove(p.id)} />
              </td>
            </tr>
          ))}
          {setup.players.length === 0 && (
            <tr>
              <td colSpan={sites.length + 2} className="empty">
                No players yet: type a name below and press Enter.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </TableWrap>
  )
}

/** Who was paid what from each site: its value, and every pilot's runs and part of it (before taxes). */
function SiteShares({ sites }: { sites: ParticipationResponse['sites'] }) {
  const run = sites.filter((s) => s.shares.length > 0)
  if (!run.length) return null
  return (
    <div data-testid="site-shares">
      <h3>Each site&apos;s loot, by who ran it</h3>
      <TableWrap label="Site shares table">
        <table className="data-table site-shares sticky-first">
          <thead>
            <tr>
              <th scope="col">Site</th>
              <th scope="col" className="align-right">
                Value
              </th>
              <th scope="col">Pilots (runs: share before taxes)</th>
            </tr>
          </thead>
          <tbody>
            {run.map((s) => (
              <tr key={s.siteName}>
                <th scope="row">
                  {s.siteName}
                  <span className="muted site-kind">× {s.count}</span>
                </th>
                <td className="align-right">{abbreviateIsk(s.totalIsk)}</td>
                <td>
                  {s.shares.map((p) => (
                    <span key={p.name} className="site-share">
                      {p.name} ({p.runs}: {abbreviateIsk(p.grossIsk)})
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </div>
  )
}
