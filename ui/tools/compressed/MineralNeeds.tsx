import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { MINERAL_NAMES, MAX_TARGET_UNITS, type MineralName } from '../../../schemas/ore-planner-constants'
import { formatInt } from '../../../schemas/format'
import { parseMineralPaste, type PasteResult } from './paste'

type Tab = 'form' | 'paste'

interface Props {
  targets: Record<MineralName, number>
  onChange: (targets: Record<MineralName, number>) => void
}

/** Mineral Needs: a box per mineral (digits only), or a pasted list that fills those boxes. */
export function MineralNeeds({ targets, onChange }: Props) {
  const [tab, setTab] = useState<Tab>('form')
  const [pasted, setPasted] = useState('')
  const [lastPaste, setLastPaste] = useState<PasteResult | null>(null)
  // Boxes whose typed amount was above what one plan takes and now hold that maximum: said, not silently dropped.
  const [cut, setCut] = useState<MineralName[]>([])
  const cutShown = cut.filter((m) => targets[m] === MAX_TARGET_UNITS)
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
                inputMode="numeric"
                name={m}
                value={targets[m] === 0 ? '' : String(targets[m])}
                placeholder="0"
                onChange={(e) => {
                  const digits = e.target.value.replace(/\D/g, '')
                  const over = digits !== '' && Number(digits) > MAX_TARGET_UNITS
                  setCut((c) => [...c.filter((x) => x !== m), ...(over ? [m] : [])])
                  onChange({ ...targets, [m]: digits === '' ? 0 : Math.min(MAX_TARGET_UNITS, Number(digits)) })
                }}
              />
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
      <div role="status" data-testid="ore-form-cut-region">
        {tab === 'form' && cutShown.length > 0 && (
          <p className="warning-text ore-form-cut" data-testid="ore-form-cut">
            {cutShown.join(', ')}: cut to {formatInt(MAX_TARGET_UNITS)}, the most one plan takes.
          </p>
        )}
      </div>
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
