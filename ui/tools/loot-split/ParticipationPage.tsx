import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import type { LootEscalations, ParticipationResponse } from '../../../schemas/loot-split'
import { escalationAdds, hasEscalations, LOOT_SPLIT_LIMITS, SITE_TIERS, type SiteTier } from '../../../schemas/loot-split-rules'
import { formatIsk } from '../../../schemas/format'
import { postCalc } from './calc-call'
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
  YesNo,
} from './parts'
import { payoutText } from './payout-text'
import { avengerTip, drifterTip, unknownEscalationPreview } from './rules-text'
import { initialQuery } from './setup-codec'
import { useEscalations, useTierSites, type Loaded, type TierSite } from './useSiteData'
import { useSetupInUrl } from './useSetupInUrl'
import { TableWrap } from '../../components/TableWrap'
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
          Split blue loot by who was there. Enter how many times each site was run and, for every player, how many of those runs they were in. Each player is
          paid <strong>net total × (ISK value of the site runs they attended) ÷ (ISK value of all attendances)</strong>, so a pilot who sat in the big sites
          earns more than one who only came for the small ones. Site values come from the community sleeper-site sheet; payouts are whole ISK and add up to the
          net exactly.
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
          {escalates && (
            <>
              <YesNo label="Drifter ran?" value={setup.drifterRan} onChange={(drifterRan) => update({ drifterRan })} tooltip={drifterTip(escalations)} />
              <YesNo label="Dread used?" value={setup.usedDread} onChange={(usedDread) => update({ usedDread })} tooltip={avengerTip(escalations)} />
            </>
          )}
          <TaxFields value={setup} onChange={update} noBrokerLabel="No Broker Taxes" />
        </div>

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
            onRan={(site, n) => update({ ran: { ...setup.ran, [site]: n } })}
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
  onRan: (site: string, n: number) => void
  onCount: (p: ParticipationPlayerRow, site: string, n: number) => void
  onRemove: (id: number) => void
  nameTaken: (name: string) => boolean
  onRename: (id: number, name: string) => void
}) {
  const options = { usedDread: hasEscalations(setup.tier) && setup.usedDread, drifterRan: hasEscalations(setup.tier) && setup.drifterRan }
  const value = (s: TierSite) => {
    if (!s.blue_loot_isk) return { text: '—', tip: 'No blue loot value in the data for this site' }
    const adds = escalationAdds({ tier: setup.tier, kind: s.group }, options, escalations.status === 'ready' ? escalations.data : null)
    if (adds.missing) return unknownEscalationPreview(s.blue_loot_isk, escalations)
    const total = s.blue_loot_isk + adds.avengerIsk + adds.drifterIsk
    const parts = [
      `${formatIsk(s.blue_loot_isk)} blue loot`,
      adds.avengerIsk && `${formatIsk(adds.avengerIsk)} Upgraded Avengers`,
      adds.drifterIsk && `${formatIsk(adds.drifterIsk)} Drifter`,
    ].filter(Boolean)
    return { text: abbreviateIsk(total), tip: `${parts.join(' + ')}${parts.length > 1 ? ` = ${formatIsk(total)}` : ''} per run` }
  }
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
                  onChange={(n) => onRan(s.site, n)}
                />
              </td>
            ))}
            <td />
          </tr>
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
                      warning={count > ran ? `Player count (${count}) exceeds Number Ran (${ran})` : undefined}
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
