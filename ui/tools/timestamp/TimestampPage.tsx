import { useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { DateTime } from 'luxon'
import { CopyButton } from '../../components/CopyButton'
import { useToast } from '../../components/Toast'
import { readStorage, writeStorage } from '../../lib/storage'
import { formatInZone, formatUtc, instantToLocal, localToInstant, offsetLabel, unixSeconds, type Conversion, type LocalSelection } from './convert'
import { PREVIEW_LANGUAGES, renderPreview, STYLE_NAMES, STYLES, timestampCode, type PreviewLanguage } from './discord-format'
import { parseTimeInput, PARSE_HINT } from './parse'
import { selectionFromQuery, selectionToQuery } from './url-state'
import { useNow } from './useNow'
import { listZones, systemZone } from './zones'
import { ZonePicker } from './ZonePicker'
import { TableWrap } from '../../components/TableWrap'
import './timestamp.css'

const LANGUAGE_KEY = 'timestamp-preview-language'

/** The current minute in a zone: the starting point when the link carries no time. */
function currentMinute(zone: string): LocalSelection {
  return { ...instantToLocal(Math.floor(Date.now() / 60_000) * 60_000, zone), zone }
}

function defaultLanguage(): PreviewLanguage {
  const stored = readStorage(LANGUAGE_KEY)
  if (stored === 'en-US' || stored === 'en-GB') return stored
  const cycle = new Intl.DateTimeFormat(undefined, { hour: 'numeric' }).resolvedOptions().hourCycle
  return cycle === 'h23' || cycle === 'h24' ? 'en-GB' : 'en-US'
}

export default function TimestampPage() {
  const [searchParams, setSearchParams] = useSearchParams()
  const viewerZone = useMemo(systemZone, [])
  const zones = useMemo(listZones, [])
  const [initial] = useState(() => selectionFromQuery(searchParams, () => currentMinute(viewerZone)))
  const [selection, setSelection] = useState<LocalSelection>(initial.selection)
  const [linkProblem, setLinkProblem] = useState(initial.problem)
  const [language, setLanguage] = useState<PreviewLanguage>(defaultLanguage)
  const now = useNow()
  const toast = useToast(2000)

  const conversion = useMemo(() => localToInstant(selection), [selection])
  const instant = conversion.ok ? conversion.unixMs : null

  // Keep the selection in the address bar (replacing the entry, so typing does not flood the history).
  useEffect(() => {
    if (!conversion.ok) return
    const next = selectionToQuery(selection).toString()
    if (next !== searchParams.toString()) setSearchParams(next, { replace: true })
  }, [selection, conversion.ok, searchParams, setSearchParams])

  const update = (change: Partial<LocalSelection>) => {
    setLinkProblem(undefined)
    // A new wall-clock time or zone starts again at the first occurrence of a repeated time.
    setSelection((s) => ({ ...s, later: false, ...change }))
  }
  const copied = (text: string) => toast.show(`Copied ${text} to clipboard`)

  return (
    <div className="timestamp-page">
      <section className="panel">
        <h1>Time converter</h1>
        <p className="muted">
          Build chat timestamp codes that show every reader the time in their own zone, and convert between local time and EVE time (UTC).
        </p>
        <p className="eve-clock">
          EVE time (UTC) now:{' '}
          <time dateTime={new Date(now).toISOString()} data-testid="utc-now">
            {formatUtc(now).replace(' UTC', '')}
          </time>
        </p>
      </section>

      <section className="panel">
        <h2>Pick a time</h2>
        <div className="timestamp-inputs">
          <label className="field">
            <span className="field-label">Date</span>
            <input type="date" min="0001-01-01" max="9999-12-31" value={selection.date} onChange={(e) => update({ date: e.target.value })} />
          </label>
          <label className="field">
            <span className="field-label">Time</span>
            <input
              type="time"
              step={1}
              value={selection.time}
              onChange={(e) => update({ time: e.target.value.length === 5 ? `${e.target.value}:00` : e.target.value })}
            />
          </label>
          <ZonePicker zone={selection.zone} zones={zones} at={instant ?? now} onChange={(zone) => update({ zone })} />
        </div>
        <div className="button-row">
          <button type="button" className="button secondary" onClick={() => update({ ...instantToLocal(Date.now(), selection.zone), zone: selection.zone })}>
            Now
          </button>
          <button type="button" className="button secondary" onClick={() => update({ zone: 'UTC' })} disabled={selection.zone === 'UTC'}>
            Use UTC (EVE time)
          </button>
          {viewerZone !== 'UTC' && (
            <button type="button" className="button secondary" onClick={() => update({ zone: viewerZone })} disabled={selection.zone === viewerZone}>
              Use my zone ({viewerZone})
            </button>
          )}
        </div>
        <PasteReader
          zone={selection.zone}
          onRead={(unixMs) => {
            setLinkProblem(undefined)
            setSelection(instantToLocal(unixMs, selection.zone))
          }}
        />
        {linkProblem && (
          <p className="warning-text" role="alert">
            {linkProblem}
          </p>
        )}
        {/* On the page before any notice: screen readers do not reliably read a live region that arrives holding its text. */}
        <div role="status">
          <DaylightSavingNotice selection={selection} conversion={conversion} onPick={(later) => setSelection((s) => ({ ...s, later }))} />
        </div>
      </section>

      <section className="panel" aria-labelledby="ts-result">
        <h2 id="ts-result">Result</h2>
        {!conversion.ok ? (
          <p className="error-text" role="alert">
            {conversion.error}
          </p>
        ) : (
          <>
            <dl className="timestamp-summary">
              <div>
                <dt>Unix timestamp</dt>
                <dd>
                  <code data-testid="unix">{unixSeconds(conversion.unixMs)}</code>
                  <CopyButton text={String(unixSeconds(conversion.unixMs))} duration={2000} onCopied={copied} what="the Unix timestamp" />
                </dd>
              </div>
              <div>
                <dt>In UTC (EVE time)</dt>
                <dd>
                  <span data-testid="utc-selected">{formatUtc(conversion.unixMs)}</span>
                  <CopyButton text={formatUtc(conversion.unixMs)} duration={2000} onCopied={copied} what="the time in UTC" />
                </dd>
              </div>
              <div>
                <dt>In {selection.zone}</dt>
                <dd data-testid="zone-selected">{formatInZone(conversion.unixMs, selection.zone)}</dd>
              </div>
            </dl>

            <h3>Chat timestamp codes</h3>
            <div className="preview-options">
              <div className="segmented" role="group" aria-label="Preview language">
                {PREVIEW_LANGUAGES.map((l) => (
                  <button
                    key={l.id}
                    type="button"
                    aria-pressed={language === l.id}
                    onClick={() => {
                      setLanguage(l.id)
                      writeStorage(LANGUAGE_KEY, l.id)
                    }}
                  >
                    {l.label}
                  </button>
                ))}
              </div>
              <p className="muted">
                Each reader sees a code in their own time zone and app language. Previews show what you would see: {viewerZone}, in the language picked here.
              </p>
            </div>
            <TableWrap label="Timestamp codes table">
              <table className="data-table timestamp-table">
                <thead>
                  <tr>
                    <th>Style</th>
                    <th>Code</th>
                    <th>Preview</th>
                    <th>
                      <span className="visually-hidden">Copy</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {STYLES.map((style) => {
                    const code = timestampCode(conversion.unixMs, style)
                    return (
                      <tr key={style} data-style={style}>
                        <td>
                          {STYLE_NAMES[style]} <span className="muted">({style})</span>
                        </td>
                        <td>
                          <code>{code}</code>
                        </td>
                        <td className="preview">{renderPreview(conversion.unixMs, style, viewerZone, language, now)}</td>
                        <td className="align-right">
                          <CopyButton text={code} duration={2000} onCopied={copied} what={`the ${STYLE_NAMES[style].toLowerCase()} code`} />
                        </td>
                      </tr>
                    )
                  })}
                </tbody>
              </table>
            </TableWrap>
          </>
        )}
      </section>
      {toast.element}
    </div>
  )
}

/** Reads a pasted code, Unix number, in-game time or ISO date into the selection. */
function PasteReader({ zone, onRead }: { zone: string; onRead: (unixMs: number) => void }) {
  const [text, setText] = useState('')
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null)
  const read = (value: string) => {
    const parsed = parseTimeInput(value, zone)
    if (!parsed.ok) {
      setResult({ ok: false, message: parsed.error })
      return
    }
    const as = { code: 'a chat code', seconds: 'Unix seconds', milliseconds: 'Unix milliseconds', eve: 'EVE time (UTC)', iso: 'an ISO date' }[parsed.read]
    setResult({ ok: true, message: `Read ${as}: ${formatUtc(parsed.unixMs)}.` })
    onRead(parsed.unixMs)
  }
  return (
    <form
      className="paste-reader"
      onSubmit={(e) => {
        e.preventDefault()
        read(text)
      }}
    >
      <label className="field">
        <span className="field-label">Read a code or timestamp</span>
        <input
          type="text"
          value={text}
          spellCheck={false}
          placeholder="<t:1700000000:F>, 1700000000, 2024.05.01 19:00"
          title={PARSE_HINT}
          onChange={(e) => {
            setText(e.target.value)
            setResult(null)
          }}
          onPaste={(e) => {
            const pasted = e.clipboardData.getData('text')
            if (!pasted) return
            e.preventDefault()
            setText(pasted)
            read(pasted)
          }}
        />
      </label>
      <button type="submit" className="button secondary">
        Read
      </button>
      {/* Both live regions are on the page before any read: screen readers do not reliably read one that arrives holding its text. */}
      <p className="muted" role="status" data-testid="paste-result">
        {result?.ok ? result.message : ''}
      </p>
      <p className="error-text" role="alert" data-testid="paste-error">
        {result && !result.ok ? result.message : ''}
      </p>
    </form>
  )
}

/** Explains a wall-clock time that a daylight-saving change skips or repeats, and lets the user pick the occurrence. */
function DaylightSavingNotice({ selection, conversion, onPick }: { selection: LocalSelection; conversion: Conversion; onPick: (later: boolean) => void }) {
  if (!conversion.ok || conversion.kind === 'normal') return null
  const where = `${selection.zone} on ${selection.date}`
  if (conversion.kind === 'gap') {
    const shown = DateTime.fromMillis(conversion.unixMs, { zone: selection.zone }).toFormat('HH:mm:ss')
    return (
      <p className="notice" data-testid="dst-notice">
        {selection.time} does not exist in {where}: clocks go forward {conversion.gapMinutes} minutes. It is read as {shown}{' '}
        {offsetLabel(conversion.unixMs, selection.zone)}, {conversion.gapMinutes} minutes later.
      </p>
    )
  }
  const label = (ms: number) => offsetLabel(ms, selection.zone)
  return (
    <div className="notice" data-testid="dst-notice">
      <p>
        {selection.time} happens twice in {where}, because clocks go back. Which one do you mean?
      </p>
      <div className="segmented" role="group" aria-label="Which occurrence">
        <button type="button" aria-pressed={!selection.later} onClick={() => onPick(false)}>
          First ({label(conversion.earlierMs)})
        </button>
        <button type="button" aria-pressed={selection.later} onClick={() => onPick(true)}>
          Second ({label(conversion.laterMs)})
        </button>
      </div>
    </div>
  )
}
