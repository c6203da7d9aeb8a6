import { memo, startTransition, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import {
  appraiseLines,
  combineLines,
  warningText,
  type AppraisalRow,
  type AppraisalView as AppraisalViewResult,
  type Medians,
} from '../../../schemas/appraisal/appraise'
import { postAppraisals } from '../../../schemas/appraisals-endpoints'
import {
  ADJUSTMENT,
  APPRAISAL_TEXT,
  DEFAULT_PRICE_MODE,
  PRICE_MODE_LABELS,
  PRICE_MODES,
  sanitizeAdjustment,
  type PriceMode,
} from '../../../schemas/appraisal/constants'
import { parseAppraisalText } from '../../../schemas/appraisal/parse'
import { HUBS } from '../../../schemas/hubs'
import { ErrorAlert } from '../../components/ErrorAlert'
import { NumberField } from '../../components/NumberField'
import { ApiError, callApi } from '../../lib/api'
import { formatNumber } from '../../../schemas/format'
import { readStorage, writeStorage } from '../../lib/storage'
import { AppraisalTable, PriceNote, TotalsPanel, UnreadLines } from './AppraisalView'
import { appraiseInBrowser, AppraiseError, loadMedians, type BrowserAppraisal } from './client'
import { CompareHubs } from './CompareHubs'
import { PriceHistory } from './PriceHistory'
import type { CountAnswer, CountRequest } from './count-items.worker'
import './appraisals.css'

const STORAGE = { hub: 'appraisals.hub', mode: 'appraisals.mode', combine: 'appraisals.combine' }

const PLACEHOLDER = `Paste anything copied from the game, for example:
Tritanium 100000
Pyerite x 5000
10 x Warrior II
[Rifter, Tackle]  (an EFT or in-game fitting export)
an inventory, contract, D-scan, killmail or loot history`

/** What the saved page hands over when a player appraises a snapshot again at today's prices (router state). */
export interface AppraiseAgain {
  appraiseAgain: { text: string; stationId: number; mode: PriceMode; adjustment: number; combine: boolean }
}
const handedOver = (state: unknown): AppraiseAgain['appraiseAgain'] | null => {
  const again = (state as Partial<AppraiseAgain> | null)?.appraiseAgain
  return again && typeof again.text === 'string' && HUBS.some((h) => h.station_id === again.stationId) && PRICE_MODES.includes(again.mode) ? again : null
}

const storedHub = () => HUBS.find((h) => String(h.station_id) === readStorage(STORAGE.hub))?.station_id ?? HUBS[0].station_id
const storedMode = () =>
  (PRICE_MODES as readonly string[]).includes(readStorage(STORAGE.mode) ?? '') ? (readStorage(STORAGE.mode) as PriceMode) : DEFAULT_PRICE_MODE

/** The server's sentence for a failed save, after the spec's 'Save failed'. */
function saveError(err: unknown): string {
  if (err instanceof ApiError && err.message === APPRAISAL_TEXT.nothingToFreeze) return err.message
  const reason = err instanceof ApiError && err.status < 500 && err.message && !err.message.startsWith('HTTP ') ? err.message : null
  return reason ? `${APPRAISAL_TEXT.saveFailed}: ${reason}` : APPRAISAL_TEXT.saveFailed
}

/**
 * What the status region reads out after appraising: the total, then the warnings, so a line left out of the total
 * (not recognised, no orders) is heard too and not only seen in the table.
 */
function appraisedText(view: AppraisalViewResult): string {
  const lines = `${view.rows.length} ${view.rows.length === 1 ? 'line' : 'lines'}`
  const total = view.noPriceData
    ? 'no price data'
    : `${formatNumber(view.totals.adjusted, 2)} ISK at ${formatNumber(view.totals.adjustmentPct, view.totals.adjustmentPct % 1 ? 1 : 0)}%`
  return `Appraised ${lines}: ${total}.${view.warnings.length ? ` ${warningText(view.warnings)}.` : ''}`
}

/**
 * The paste box. It keeps its own text (an uncontrolled textarea) and takes no props that change, so the page's
 * renders (the badge, busy, the result) pass it by: React writes a textarea's defaultValue on every render it takes
 * part in, and Chrome then lays the whole box out again, tens of milliseconds in a 10,000-line paste (#44.6).
 */
const PasteBox = memo(function PasteBox({ box, initial, onChange }: { box: RefObject<HTMLTextAreaElement | null>; initial: string; onChange: () => void }) {
  return <textarea ref={box} name="paste" rows={12} spellCheck={false} placeholder={PLACEHOLDER} defaultValue={initial} onChange={onChange} />
})

/** How long the badge waits after the last keystroke before counting the lines of a paste (typing stays instant). */
const COUNT_AFTER_MS = 250

const countItems = (text: string) => (text ? parseAppraisalText(text).items.length : 0)

/** The counting worker, or null where workers cannot start (the page then counts on its own thread, as on `onFail`). */
function startCounter(onCount: (answer: CountAnswer) => void, onFail: () => void): Worker | null {
  try {
    const worker = new Worker(new URL('./count-items.worker.ts', import.meta.url), { type: 'module' })
    worker.onmessage = (e: MessageEvent<CountAnswer>) => onCount(e.data)
    worker.onerror = onFail
    return worker
  } catch {
    return null
  }
}

/**
 * Lines read from the paste, counted once typing rests, in a worker, so no keystroke in a long paste waits for the
 * parser. The paste box is not React state (see `AppraisalsPage`): call `changed` on each edit; the box is read when
 * the timer fires, and only the latest count asked for is shown.
 */
function useParsedCount(box: RefObject<HTMLTextAreaElement | null>, initial: string): { count: number; changed: () => void } {
  const [count, setCount] = useState(() => countItems(initial))
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const counter = useRef<Worker | null | undefined>(undefined)
  const asked = useRef(0)
  useEffect(
    () => () => {
      clearTimeout(timer.current)
      counter.current?.terminate()
    },
    [],
  )
  const changed = useCallback(() => {
    const countHere = () => setCount(countItems(box.current?.value ?? ''))
    clearTimeout(timer.current)
    timer.current = setTimeout(() => {
      // Started on the first count (undefined: not tried yet; null: workers cannot run here).
      if (counter.current === undefined)
        counter.current = startCounter(
          (answer) => answer.id === asked.current && setCount(answer.count),
          () => {
            // A worker that cannot run (blocked, failed to load): count here from now on.
            counter.current?.terminate()
            counter.current = null
            countHere()
          },
        )
      if (counter.current) counter.current.postMessage({ id: ++asked.current, text: box.current?.value ?? '' } satisfies CountRequest)
      else countHere()
    }, COUNT_AFTER_MS)
  }, [box])
  return { count, changed }
}

/** How long the status waits for the adjustment, mode or combining to rest before reading the new total out. */
const SETTLE_MS = 700

/**
 * The status region's text. A new appraisal, its start and a failure are said at once; a change of adjustment, mode
 * or combining is said once it has rested for SETTLE_MS, so a slider moved across twenty steps is read out once, not
 * twenty times. `events` are what count as news (compared one by one).
 */
function useSettledStatus(text: string, events: unknown[]): string {
  const [shown, setShown] = useState(text)
  const lastEvents = useRef(events)
  const news = events.some((e, i) => e !== lastEvents.current[i])
  useEffect(() => {
    if (news) {
      lastEvents.current = events
      setShown(text)
      return
    }
    const timer = setTimeout(() => setShown(text), SETTLE_MS)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, news])
  return shown
}

export default function AppraisalsPage() {
  const navigate = useNavigate()
  const location = useLocation()
  const [again] = useState(() => handedOver(location.state))
  // The paste box keeps its own text (see PasteBox): a keystroke in a 10,000-line paste renders nothing, instead of
  // the whole page and React copying the box's text back into it (#44.6). It is read when needed.
  const pasteBox = useRef<HTMLTextAreaElement>(null)
  const pasted = () => pasteBox.current?.value ?? ''
  const [stationId, setStationId] = useState<number>(again?.stationId ?? storedHub)
  const [mode, setMode] = useState<PriceMode>(again?.mode ?? storedMode)
  const [adjustment, setAdjustment] = useState<number>(again?.adjustment ?? ADJUSTMENT.default)
  const [combine, setCombine] = useState(() => again?.combine ?? readStorage(STORAGE.combine) !== '0')
  const [result, setResult] = useState<BrowserAppraisal | null>(null)
  const [medians, setMedians] = useState<Map<number, Medians> | null | 'failed'>(null)
  const [historyRow, setHistoryRow] = useState<AppraisalRow | null>(null)
  const [comparing, setComparing] = useState<null | { text: string; mode: PriceMode; combine: boolean }>(null)
  const [busy, setBusy] = useState<null | 'appraise' | 'save'>(null)
  const [error, setError] = useState<string | null>(null)
  const inFlight = useRef<AbortController | null>(null)
  useEffect(() => () => inFlight.current?.abort(), [])

  // The badge follows the text without holding up typing in a long paste.
  const { count: parsedCount, changed: pasteChanged } = useParsedCount(pasteBox, again?.text ?? '')

  // Mode, adjustment and combining are recomputed here from the prices already fetched; the medians join when loaded.
  const view = useMemo(() => {
    if (!result) return null
    const book = medians instanceof Map ? { ...result.book, medians } : result.book
    return appraiseLines(combine ? combineLines(result.lines) : result.lines, book, mode, adjustment)
  }, [result, medians, combine, mode, adjustment])
  // The row whose history is open, as the current mode prices it.
  const historyView = historyRow && view ? (view.rows.find((r) => r.type_id === historyRow.type_id && r.bpc === historyRow.bpc) ?? historyRow) : null
  const status = useSettledStatus(busy === 'appraise' ? 'Appraising…' : view && !error ? appraisedText(view) : '', [busy, result, error])

  const appraise = async (forStation: number): Promise<BrowserAppraisal | null> => {
    inFlight.current?.abort()
    const controller = new AbortController()
    inFlight.current = controller
    setBusy('appraise')
    setError(null)
    try {
      const appraisal = await appraiseInBrowser(pasted(), forStation, { signal: controller.signal })
      if (controller.signal.aborted) return null
      setResult(appraisal)
      setMedians(null)
      setHistoryRow(null)
      setComparing(null)
      // The medians follow the table: it is shown first, and they join its totals and lines once loaded. Repricing
      // thousands of lines for them is a transition, so it never holds up a click or a keystroke meanwhile.
      void loadMedians(appraisal, { signal: controller.signal })
        .then((m) => !controller.signal.aborted && startTransition(() => setMedians(m ?? 'failed')))
        .catch(() => undefined)
      return appraisal
    } catch (err) {
      if (controller.signal.aborted) return null
      setResult(null)
      setError(err instanceof AppraiseError ? err.message : APPRAISAL_TEXT.appraiseFailed)
      return null
    } finally {
      if (inFlight.current === controller) setBusy(null)
    }
  }

  // A snapshot handed over from the saved page is appraised again straight away, at today's prices.
  useEffect(() => {
    if (again) void appraise(again.stationId)
    // once, on arrival: `again` never changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [again])

  const changeHub = (id: number) => {
    setStationId(id)
    writeStorage(STORAGE.hub, String(id))
    // Spec: changing the hub while lines are parsed re-appraises, so the preview shows the new hub's prices.
    if (result || parsedCount > 0) void appraise(id)
  }

  const save = async () => {
    const text = pasted()
    const current = result && result.stationId === stationId ? result : await appraise(stationId)
    if (!current) return
    const snapshot = appraiseLines(combine ? combineLines(current.lines) : current.lines, current.book, mode, adjustment)
    // No market snapshot yet: freezing would keep 0 ISK for good (the server refuses too). The paste stays.
    if (snapshot.noPriceData) {
      setError(APPRAISAL_TEXT.nothingToFreeze)
      return
    }
    setBusy('save')
    try {
      // The server appraises input_raw again itself; rows and totals go along only as the spec's body shape.
      const body = { station_id: stationId, mode, input_raw: text, adjustment, combine, totals: snapshot.totals, rows: snapshot.rows }
      const { id } = await callApi(postAppraisals, { body })
      // This page's history entry keeps the paste and its settings, so Back from the saved page brings them back
      // (appraised again, as 'Appraise again' does) instead of an empty box: a forgotten line can still be added.
      const kept: AppraiseAgain = { appraiseAgain: { text, stationId, mode, adjustment, combine } }
      navigate(location.pathname, { replace: true, state: kept })
      navigate(`/appraisals/${id}`)
    } catch (err) {
      setError(saveError(err))
      setBusy(null)
    }
  }

  // On the paste box's label, not the box: the box takes no props that change (see PasteBox).
  const onKeyDown = (e: KeyboardEvent<HTMLLabelElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey) && !busy) {
      e.preventDefault()
      void appraise(stationId)
    }
  }

  const hubLabel = HUBS.find((h) => h.station_id === (result?.stationId ?? stationId))!.label
  return (
    <div className="appraisals-page">
      <div className="panel">
        <h1>Appraisals</h1>
        <p className="muted">
          Paste a cargo hold, a contract, a fit, a D-scan, a killmail or loot history and see what it is worth at a trade hub. Save &amp; Share keeps a frozen
          copy behind a link that never changes with the market.
        </p>
        <label className="field paste-field" onKeyDown={onKeyDown}>
          <span className="field-label">
            Items{' '}
            <span className="badge badge-neutral" data-testid="parsed-count" title="Item lines read from the paste">
              {parsedCount} {parsedCount === 1 ? 'line' : 'lines'}
            </span>
          </span>
          <PasteBox box={pasteBox} initial={again?.text ?? ''} onChange={pasteChanged} />
        </label>
        <div className="appraisal-controls">
          <label className="field">
            <span className="field-label">Hub</span>
            <select name="hub" value={stationId} onChange={(e) => changeHub(Number(e.target.value))}>
              {HUBS.map((h) => (
                <option key={h.station_id} value={h.station_id}>
                  {h.label}
                </option>
              ))}
            </select>
          </label>
          <label className="field">
            <span className="field-label">Price</span>
            <select
              name="mode"
              value={mode}
              onChange={(e) => {
                setMode(e.target.value as PriceMode)
                writeStorage(STORAGE.mode, e.target.value)
              }}
            >
              {PRICE_MODES.map((m) => (
                <option key={m} value={m}>
                  {PRICE_MODE_LABELS[m]}
                </option>
              ))}
            </select>
          </label>
          <div className="field adjust-field">
            <span className="field-label" id="adjust-label">
              Adjust total
            </span>
            <div className="adjust-inputs">
              <input
                type="range"
                aria-labelledby="adjust-label"
                min={ADJUSTMENT.min}
                max={ADJUSTMENT.max}
                step={1}
                value={adjustment}
                onChange={(e) => setAdjustment(sanitizeAdjustment(e.target.value))}
              />
              <NumberField
                label="%"
                ariaLabel="Adjust total (%)"
                value={adjustment}
                onChange={setAdjustment}
                min={ADJUSTMENT.min}
                max={ADJUSTMENT.max}
                fallback={ADJUSTMENT.default}
                name="adjustment"
                className="adjust-number"
              />
            </div>
          </div>
          <label className="checkbox-field">
            <input
              type="checkbox"
              name="combine"
              checked={combine}
              onChange={(e) => {
                setCombine(e.target.checked)
                writeStorage(STORAGE.combine, e.target.checked ? '1' : '0')
              }}
            />
            Combine identical items
          </label>
        </div>
        <div className="button-row">
          {/* aria-disabled, not disabled: a button that disables itself drops the keyboard focus to the top of the page. */}
          <button type="button" className="button" aria-disabled={busy !== null} onClick={() => busy === null && void appraise(stationId)}>
            {busy === 'appraise' ? 'Appraising…' : 'Appraise'}
          </button>
          <button type="button" className="button secondary" aria-disabled={busy !== null} onClick={() => busy === null && void save()}>
            {busy === 'save' ? 'Saving…' : 'Save & Share'}
          </button>
          <span className="muted keyboard-hint">Ctrl+Enter appraises</span>
        </div>
        {/* Present before any appraisal, so screen readers read out the result when it arrives (a region added with its text is not). */}
        <p className="visually-hidden" role="status" data-testid="appraisal-status">
          {status}
        </p>
        <ErrorAlert message={error} testId="appraisal-error" />
      </div>

      {result && view && (
        <div className="panel appraisal-preview" aria-busy={busy === 'appraise'}>
          <h2>Preview</h2>
          <PriceNote hub={hubLabel} mode={mode} pricesAt={result.pricesAt} />
          {view.warnings.length > 0 && (
            <p className="warning-text" data-testid="appraisal-warnings">
              {warningText(view.warnings)}
            </p>
          )}
          {medians === 'failed' && (
            <p className="warning-text" data-testid="medians-note">
              The 5- and 30-day medians could not be loaded just now; the live prices are unaffected.
            </p>
          )}
          <TotalsPanel
            totals={view.totals}
            mode={mode}
            volumeUnknown={view.volumeUnknown}
            noPriceData={view.noPriceData}
            showMedians={medians instanceof Map}
          />
          <div className="button-row">
            <button
              type="button"
              className="button secondary"
              aria-expanded={comparing !== null}
              onClick={() => setComparing(comparing ? null : { text: pasted(), mode, combine })}
              title="Price the same paste at all five hubs"
            >
              {comparing ? 'Hide hub comparison' : 'Compare hubs'}
            </button>
          </div>
          {comparing && <CompareHubs text={comparing.text} mode={comparing.mode} combine={comparing.combine} />}
          <AppraisalTable rows={view.rows} noPriceData={view.noPriceData} imageServer={result.imageServer} onHistory={setHistoryRow} />
          {historyView && <PriceHistory row={historyView} stationId={result.stationId} hub={hubLabel} onClose={() => setHistoryRow(null)} />}
          <UnreadLines lines={result.unparsed} />
        </div>
      )}
    </div>
  )
}
