import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import type { SiteValueBreakdown } from '../../../schemas/loot-split'
import { ACCOUNTING_LEVELS, brokerTaxPercentLabel } from '../../../schemas/loot-split-rules'
import { Collapsible } from '../../components/Collapsible'
import { ErrorAlert } from '../../components/ErrorAlert'
import { CopyButton } from '../../components/CopyButton'
import { InfoTip } from '../../components/InfoTip'
import { NumberField, useTypedNumber } from '../../components/NumberField'
import { SelectField } from '../../components/SelectField'
import { formatIsk } from '../../../schemas/format'
import { taxLines, type PayoutSummary, type TaxRates } from './payout-text'
import { cleanName, namesFromPaste } from './setup-codec'
import { TableWrap } from '../../components/TableWrap'
import { useResultsIntoView } from '../../lib/results-into-view'

/**
 * A number box for a table cell: labelled for screen readers only, it keeps what is being typed and reports the
 * sanitised number (non-numeric → 0, clamped to `min` (default 0) and `max`, whole numbers unless `decimal`).
 * While the box shows another number than the one used (500 typed, 100 used) a note under it says which, as the
 * shared NumberField does; the note is a polite live region present from the start and the box's description.
 * `warning` (e.g. a count above Number Ran) is the box's tooltip and is also in its description.
 */
export function CellNumber({
  label,
  value,
  onChange,
  decimal,
  min = 0,
  max,
  warning,
  testId,
}: {
  label: string
  value: number
  onChange: (n: number) => void
  decimal?: boolean
  min?: number
  max?: number
  warning?: string
  testId?: string
}) {
  const typed = useTypedNumber(value, onChange, { min, max, integer: !decimal })
  const id = useId()
  const note = typed.note
  // The warning is named here too, not left to the title: a description from aria-describedby replaces the title's.
  const describedBy = [note && `${id}-note`, warning && `${id}-warning`].filter(Boolean).join(' ') || undefined
  return (
    <span className="cell-number-box">
      <input
        type="number"
        className={`cell-number${warning ? ' over-limit' : ''}`}
        aria-label={label}
        title={warning}
        aria-invalid={warning ? true : undefined}
        aria-describedby={describedBy}
        inputMode={decimal ? 'decimal' : 'numeric'}
        min={min}
        max={max}
        step={decimal ? 'any' : 1}
        value={typed.text}
        data-testid={testId}
        onChange={typed.onChange}
        onBlur={typed.onBlur}
      />
      <span className="cell-note field-note warning-text" id={`${id}-note`} aria-live="polite">
        {note}
      </span>
      {warning && (
        <span className="visually-hidden" id={`${id}-warning`}>
          {warning}
        </span>
      )}
    </span>
  )
}

export { SelectField }

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const

/** A yes/no select with the rule it applies in its tooltip. */
export function YesNo({ label, value, onChange, tooltip }: { label: string; value: boolean; onChange: (v: boolean) => void; tooltip: string }) {
  return <SelectField label={label} value={value ? 'yes' : 'no'} options={YES_NO} onChange={(v) => onChange(v === 'yes')} tooltip={tooltip} />
}

/** Tier choices for a select. */
export const tierOptions = <T extends string>(tiers: readonly T[]) => tiers.map((t) => ({ value: t, label: t }))

export interface TaxSettings {
  accounting: number
  corpTax: number
  allianceTax: number
  noBroker: boolean
}

/** Accounting level, corp and alliance tax, and the no-broker-tax box: the same on both splitters. */
export function TaxFields({ value, onChange, noBrokerLabel }: { value: TaxSettings; onChange: (change: Partial<TaxSettings>) => void; noBrokerLabel: string }) {
  const noBrokerTip = 'Use this with a buyback program, when the loot is not sold to NPC buy orders: no broker tax is taken.'
  return (
    <div className="tax-fields">
      <SelectField
        label="Accounting Level"
        value={value.accounting}
        options={ACCOUNTING_LEVELS.map((l) => ({ value: l as number, label: String(l) }))}
        onChange={(accounting) => onChange({ accounting })}
        tooltip="Broker tax = 7.5 − 0.462 × Accounting level, in percent"
        note={
          <span className="field-note muted" data-testid="broker-rate">
            {value.noBroker ? 'no broker tax' : `broker tax ${brokerTaxPercentLabel(value.accounting)}%`}
          </span>
        }
      />
      <NumberField
        label="Corp Tax %"
        value={value.corpTax}
        onChange={(corpTax) => onChange({ corpTax })}
        min={0}
        max={100}
        step={0.1}
        title="Taken after broker tax, from what is left"
      />
      <NumberField
        label="Alliance Tax %"
        value={value.allianceTax}
        onChange={(allianceTax) => onChange({ allianceTax })}
        min={0}
        max={100}
        step={0.1}
        title="Taken after broker and corp tax, from what is left"
      />
      <span className="checkbox-with-tip">
        <label className="checkbox-field" title={noBrokerTip}>
          <input type="checkbox" checked={value.noBroker} title={noBrokerTip} onChange={(e) => onChange({ noBroker: e.target.checked })} />
          {noBrokerLabel}
        </label>
        <InfoTip text={noBrokerTip} />
      </span>
    </div>
  )
}

/**
 * A text box whose Enter (or the button) adds a player; blank names are ignored, taken names refused. Pasting several
 * lines adds one player per line.
 */
export function AddPlayer({ onAdd, buttonLabel, taken }: { onAdd: (names: string[]) => void; buttonLabel: string; taken: (name: string) => boolean }) {
  const [name, setName] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const id = useId()
  const add = () => {
    const clean = cleanName(name)
    if (!clean) return
    if (taken(clean)) {
      setProblem(`${clean} is already in the list.`)
      return
    }
    onAdd([clean])
    setName('')
    setProblem(null)
  }
  const addPasted = (names: string[]) => {
    const fresh = names.filter((n) => !taken(n))
    if (fresh.length) onAdd(fresh)
    const skipped = names.filter((n) => taken(n))
    setProblem(skipped.length ? `Already in the list, not added again: ${skipped.join(', ')}.` : null)
  }
  return (
    <div className="add-player">
      <label className="field" htmlFor={id}>
        <span className="field-label">Player name</span>
        <input
          id={id}
          value={name}
          maxLength={64}
          placeholder="Pilot name"
          onChange={(e) => {
            setName(e.target.value)
            setProblem(null)
          }}
          onPaste={(e) => {
            const names = namesFromPaste(e.clipboardData.getData('text'))
            if (names === null) return
            e.preventDefault()
            addPasted(names)
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault()
              add()
            }
          }}
        />
      </label>
      <button type="button" className="button secondary" onClick={add}>
        {buttonLabel}
      </button>
      {problem && (
        <p className="warning-text" role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}

/**
 * A player's name in its table row, with a Rename button that turns it into a text box in place: Enter or Save keeps
 * the new name, Escape or Cancel drops it, and the focus goes back to the Rename button. A blank name or one already
 * in the list (case-insensitive; the player's own name in other capitals is fine) is refused with a message, as
 * adding a player refuses it, so the row keeps its ship counts, shares and attendance under the corrected name.
 */
export function PlayerName({ name, taken, onRename }: { name: string; taken: (name: string) => boolean; onRename: (name: string) => void }) {
  const [draft, setDraft] = useState<string | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const renameButton = useRef<HTMLButtonElement>(null)
  const refocus = useRef(false)
  const problemId = useId()
  useEffect(() => {
    if (draft === null && refocus.current) {
      refocus.current = false
      renameButton.current?.focus()
    }
  }, [draft])
  const stop = () => {
    refocus.current = true
    setDraft(null)
    setProblem(null)
  }
  const save = () => {
    const clean = cleanName(draft ?? '')
    if (!clean) return setProblem('A player needs a name.')
    if (clean.toLowerCase() !== name.toLowerCase() && taken(clean)) return setProblem(`${clean} is already in the list.`)
    if (clean !== name) onRename(clean)
    stop()
  }
  if (draft === null)
    return (
      <span className="player-name">
        <span>{name}</span>
        <button
          type="button"
          className="icon-button rename-button"
          ref={renameButton}
          aria-label={`Rename ${name}`}
          title="Rename"
          onClick={() => setDraft(name)}
        >
          ✎
        </button>
      </span>
    )
  return (
    <span className="player-name editing">
      <input
        value={draft}
        maxLength={64}
        aria-label={`New name for ${name}`}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        autoFocus
        onFocus={(e) => e.target.select()}
        onChange={(e) => {
          setDraft(e.target.value)
          setProblem(null)
        }}
        onKeyDown={(e) => {
          // Enter here renames and must not also calculate (calculateOnEnter leaves prevented keys alone).
          if (e.key === 'Enter') {
            e.preventDefault()
            save()
          } else if (e.key === 'Escape') {
            e.preventDefault()
            stop()
          }
        }}
      />
      <button type="button" className="button secondary" onClick={save}>
        Save
      </button>
      <button type="button" className="button secondary" onClick={stop}>
        Cancel
      </button>
      {problem && (
        <span id={problemId} className="warning-text rename-problem" role="alert">
          {problem}
        </span>
      )}
    </span>
  )
}

/**
 * Called as a player's Remove button is pressed, before the row goes: hands the focus to the next row's Remove button
 * (else the previous row's, else the player name box), because a removed button drops the keyboard focus to the top of
 * the page.
 */
function focusPastRow(button: HTMLElement) {
  const row = button.closest('tr')
  const removeIn = (r: Element | null | undefined) => r?.querySelector<HTMLElement>('button.remove-player') ?? null
  const target =
    removeIn(row?.nextElementSibling) ?? removeIn(row?.previousElementSibling) ?? button.closest('.loot-page')?.querySelector<HTMLElement>('.add-player input')
  target?.focus()
}

/** A player row's × button: removes the player and keeps the keyboard in the table (focusPastRow). */
export function RemovePlayerButton({ name, onRemove }: { name: string; onRemove: () => void }) {
  return (
    <button
      type="button"
      className="icon-button remove-player"
      aria-label={`Remove ${name}`}
      title="Remove"
      onClick={(e) => {
        focusPastRow(e.currentTarget)
        onRemove()
      }}
    >
      ×
    </button>
  )
}

/**
 * Enter in any box of the page calculates, as it would submit a form. Boxes that use Enter themselves (the player
 * name adds the player) prevent the default first, and are left alone.
 */
export function calculateOnEnter(calculate: () => void, enabled = true) {
  return (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || e.defaultPrevented || !enabled) return
    const box = e.target
    if (box instanceof HTMLInputElement && box.type !== 'checkbox' && box.type !== 'radio' && box.type !== 'button') {
      e.preventDefault()
      calculate()
    }
  }
}

/**
 * The Calculate button, and the server's sentence under it when the last calculation failed. `done`: one sentence on
 * the last breakdown, read out by screen readers when it arrives.
 */
export function CalculateBar({
  onCalculate,
  busy,
  disabled,
  error,
  done,
}: {
  onCalculate: () => void
  busy: boolean
  disabled?: boolean
  error: string | null
  done: string | null
}) {
  return (
    <>
      <div className="button-row">
        {/* aria-disabled while busy, not disabled: a button that disables itself drops the keyboard focus to the top of the page. */}
        <button type="button" className="button" onClick={busy ? undefined : onCalculate} disabled={disabled} aria-disabled={busy}>
          {busy ? 'Calculating…' : 'Calculate'}
        </button>
      </div>
      {/* On the page from the start: a live region added together with its text is not read out. */}
      <p className="visually-hidden" role="status" data-testid="calc-status">
        {busy ? 'Calculating…' : error ? '' : (done ?? '')}
      </p>
      <ErrorAlert message={error} className="error-box" testId="calc-error" />
    </>
  )
}

/** The result block: 'Payout Breakdown' with the total, tax lines, the net, a table and a copyable text. */
export function PayoutBreakdown({
  result,
  rates,
  total,
  table,
  copy,
  stale,
  sites,
  notes = [],
  extra,
}: {
  result: PayoutSummary
  rates: TaxRates
  total: string
  table: ReactNode
  copy: string
  stale: boolean
  sites: SiteValueBreakdown[]
  /** Sentences about how the input was read (e.g. a count capped at Number Ran), shown above the table. */
  notes?: string[]
  /** More detail after the table (the participation page's per-site shares). */
  extra?: ReactNode
}) {
  // A new answer scrolls the breakdown into view with the focus on its heading (a phone shows the payouts at once).
  const heading = useResultsIntoView(result)
  return (
    <section className="panel payout" aria-labelledby="payout-heading" data-testid="payout">
      <h2 id="payout-heading" ref={heading} tabIndex={-1}>
        Payout Breakdown: <span data-testid="payout-total">{total}</span>
      </h2>
      {notes.map((n) => (
        <p key={n} className="warning-text" data-testid="payout-note">
          {n}
        </p>
      ))}
      {stale && (
        <p className="notice" role="status">
          The setup changed since this breakdown. Press Calculate to update it.
        </p>
      )}
      <ul className="tax-lines" data-testid="tax-lines">
        {taxLines(result, rates).map((line) => (
          <li key={line}>{line}</li>
        ))}
        <li>
          Net paid out: <strong data-testid="net-total">{formatIsk(result.netISK)}</strong>
        </li>
      </ul>
      <div data-testid="payout-table">{table}</div>
      {extra}
      <div className="button-row">
        <CopyButton text={copy} label="Copy payout text" copiedLabel="Copied!" title="Plain text for corp chat or an in-game mail" />
      </div>
      <SiteBreakdown sites={sites} />
    </section>
  )
}

/** How the total was built, site by site, so nobody has to take it on trust. */
function SiteBreakdown({ sites }: { sites: SiteValueBreakdown[] }) {
  const run = sites.filter((s) => s.count > 0)
  if (!run.length) return null
  return (
    <Collapsible title="How the total was computed" defaultOpen={false}>
      <TableWrap label="Total breakdown table">
        <table className="data-table">
          <thead>
            <tr>
              <th>Site</th>
              <th className="align-right">Runs</th>
              <th className="align-right">Blue loot per run</th>
              <th className="align-right">Avenger waves</th>
              <th className="align-right">Drifters</th>
              <th className="align-right">Total</th>
            </tr>
          </thead>
          <tbody>
            {run.map((s) => (
              <tr key={s.siteName}>
                <td>{s.siteName}</td>
                <td className="align-right">{s.count}</td>
                <td className="align-right">{formatIsk(s.baseIsk)}</td>
                <td className="align-right">{s.avengerRuns ? `${s.avengerRuns} ${s.avengerRuns === 1 ? 'run' : 'runs'}: ${formatIsk(s.avengerIsk)}` : '—'}</td>
                <td className="align-right">{s.drifterRuns ? `${s.drifterRuns} ${s.drifterRuns === 1 ? 'run' : 'runs'}: ${formatIsk(s.drifterIsk)}` : '—'}</td>
                <td className="align-right">{formatIsk(s.totalIsk)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableWrap>
    </Collapsible>
  )
}

/** Copy a link to this exact setup, or start over from the defaults. */
export function SetupActions({ onReset }: { onReset: () => void }) {
  return (
    <div className="button-row setup-actions">
      <CopyButton
        text={() => window.location.href}
        label="Copy link to this setup"
        copiedLabel="Link copied!"
        title="Anyone opening the link sees this setup"
      />
      <button type="button" className="button secondary" onClick={onReset}>
        Start over
      </button>
    </div>
  )
}
