import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { MINERAL_NAMES, MAX_TARGET_UNITS, type MineralName } from '../../../schemas/ore-planner-constants'
import { formatInt } from '../../../schemas/format'
import { parseMineralPaste, readUnits, type PasteResult } from './paste'

type Tab = 'form' | 'paste'

interface Props {
  targets: Record<MineralName, number>
  onChange: (targets: Record<MineralName, number>) => void
  /** The minerals whose box holds text that cannot be read (the page holds Calculate back while there are any). */
  onUnreadable: (minerals: MineralName[]) => void
}

/** Mineral Needs: a box per mineral (digits only), or a pasted list that fills those boxes. */
export function MineralNeeds({ targets, onChange, onUnreadable }: Props) {
  // What each box holds as typed: never rewritten. A box nobody typed in shows its target.
  const [typed, setTyped] = useState<Partial<Record<MineralName, string>>>({})
  const [problems, setProblems] = useState<Partial<Record<MineralName, string>>>({})
  const errorIds = useId()
  const typeInto = (m: MineralName, text: string) => {
    const read = readUnits(text, MAX_TARGET_UNITS)
    setTyped((t) => ({ ...t, [m]: text }))
    const next = { ...problems }
    if (read.ok) delete next[m]
    else next[m] = read.error
    setProblems(next)
    onUnreadable(Object.keys(next) as MineralName[])
    if (read.ok) onChange({ ...targets, [m]: read.units })
  }
  const [tab, setTab] = useState<Tab>('form')
  const [pasted, setPasted] = useState('')
  const [lastPaste, setLastPaste] = useState<PasteResult | null>(null)
  const panelId = useId()
  const tabButtons = useRef<Record<Tab, HTMLButtonElement | null>>({ form: null, paste: null })
  // WAI-ARIA tabs: one tab stop; the arrow keys, Home and End move between the two tabs and select them
  const onTabKey = (e: KeyboardEvent) => {
    const other: Tab = tab === 'form' ? 'paste' : 'form'
    const target: Tab | null = e.key === 'Home' ? 'form' : e.key === 'End' ? 'paste' : e.key === 'ArrowLeft' || e.key === 'ArrowRight' ? other : null
    if (!target) return
    e.preventDefault()
    setTab(target)
    tabButtons.current[target]?.focus()
  }

  const applyPaste = () => {
    const result = parseMineralPaste(pasted)
    setLastPaste(result)
    const found = Object.keys(result.targets) as MineralName[]
    if (found.length === 0) return
    const next = { ...targets }
    for (const m of MINERAL_NAMES) next[m] = Math.min(MAX_TARGET_UNITS, result.targets[m] ?? 0)
    onChange(next)
    // the boxes now show the pasted amounts
    setTyped({})
    setProblems({})
    onUnreadable([])
    setTab('form')
    // the button that had focus goes away with the Paste panel: keep keyboard users on the tabs, not at the page top
    tabButtons.current.form?.focus()
  }

  return (
    <section className="panel ore-section" aria-labelledby="ore-needs-title">
      <h2 id="ore-needs-title">Mineral Needs</h2>
      <div className="segmented" role="tablist" aria-label="How to enter minerals">
        {(['form', 'paste'] as const).map((t) => (
          <button
            key={t}
            ref={(el) => {
              tabButtons.current[t] = el
            }}
            type="button"
            role="tab"
            aria-selected={tab === t}
            aria-controls={panelId}
            tabIndex={tab === t ? 0 : -1}
            onClick={() => setTab(t)}
            onKeyDown={onTabKey}
          >
            {t === 'form' ? 'Form' : 'Paste'}
          </button>
        ))}
      </div>
      {tab === 'form' ? (
        <div className="ore-mineral-grid" role="tabpanel" id={panelId} aria-label="Form">
          {MINERAL_NAMES.map((m) => (
            <label key={m} className="field">
              <span className="field-label">{m}</span>
              <input
                type="text"
                inputMode="decimal"
                name={m}
                value={typed[m] ?? (targets[m] === 0 ? '' : String(targets[m]))}
                placeholder="0"
                aria-invalid={problems[m] ? true : undefined}
                aria-describedby={problems[m] ? `${errorIds}-${m}` : undefined}
                onChange={(e) => typeInto(m, e.target.value)}
              />
              {/* A live region there from the start, so the refusal is read out as it appears. */}
              <span aria-live="polite" data-testid="ore-box-live">
                {problems[m] && (
                  <span className="field-note error-text" id={`${errorIds}-${m}`} data-testid="ore-box-error">
                    {problems[m]}
                  </span>
                )}
              </span>
            </label>
          ))}
        </div>
      ) : (
        <div role="tabpanel" id={panelId} aria-label="Paste" className="ore-paste">
          <label className="field">
            <span className="field-label">One mineral per line, e.g. “Tritanium 1,000,000”</span>
            <textarea
              rows={8}
              value={pasted}
              onChange={(e) => setPasted(e.target.value)}
              placeholder={'Tritanium 1,000,000\nPyerite x250.000\nMexallon\t50_000'}
            />
          </label>
          <div className="button-row">
            <button type="button" className="button" onClick={applyPaste} disabled={pasted.trim() === ''}>
              Use these amounts
            </button>
          </div>
        </div>
      )}
      {/* Status regions on the panel from the start, outside the tab panels: one added together with its text, or one
          that leaves with its panel, is not reliably read out. */}
      <p className="muted field-note">Whole units, as 12500, 12,500, 12.5k or 1.5m.</p>
      <div role="status" data-testid="ore-paste-result-region">
        {lastPaste && (
          <p className={Object.keys(lastPaste.targets).length ? 'muted' : 'error-text'} data-testid="ore-paste-result">
            {Object.keys(lastPaste.targets).length
              ? `Read ${Object.entries(lastPaste.targets)
                  .map(([m, n]) => `${m} ${formatInt(n)}`)
                  .join(', ')}.`
              : 'No mineral amounts found in the pasted text.'}
            {Object.values(lastPaste.targets).some((n) => n > MAX_TARGET_UNITS) &&
              ` Amounts above ${formatInt(MAX_TARGET_UNITS)} were cut to ${formatInt(MAX_TARGET_UNITS)}, the most one plan takes.`}
            {lastPaste.skipped.length > 0 &&
              ` Skipped line${lastPaste.skipped.length === 1 ? '' : 's'} ${lastPaste.skipped.map((s) => s.line).join(', ')} (each needs a mineral name and an amount of 0 or more).`}
          </p>
        )}
      </div>
    </section>
  )
}
