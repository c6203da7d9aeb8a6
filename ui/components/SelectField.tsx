import { useId, type ReactNode } from 'react'

/** A labelled select whose accessible name is just its label (not the label plus every option). */
export function SelectField<T extends string | number>({ label, value, options, onChange, tooltip, note }: { label: string; value: T; options: ReadonlyArray<{ value: T; label: string }>; onChange: (v: T) => void; tooltip?: string; note?: ReactNode }) {
  const id = useId()
  return (
    <div className="field" title={tooltip}>
      <label className="field-label" htmlFor={id}>
        {label}
        {tooltip && (
          <>
            {' '}
            <span className="hint-mark" aria-hidden="true">
              ?
            </span>
          </>
        )}
      </label>
      <select id={id} value={value} title={tooltip} onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)!.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {note}
    </div>
  )
}
