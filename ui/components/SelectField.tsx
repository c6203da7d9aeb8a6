import { useId, type ReactNode } from 'react'
import { InfoTip } from './InfoTip'

/** A labelled select whose accessible name is just its label (not the label plus every option). */
export function SelectField<T extends string | number>({
  label,
  value,
  options,
  onChange,
  tooltip,
  disabled,
  note,
}: {
  label: string
  value: T
  options: ReadonlyArray<{ value: T; label: string }>
  onChange: (v: T) => void
  tooltip?: string
  disabled?: boolean
  note?: ReactNode
}) {
  const id = useId()
  return (
    <div className="field" title={tooltip}>
      <span className="field-label">
        <label htmlFor={id}>{label}</label>
        {tooltip && (
          <>
            {' '}
            <InfoTip text={tooltip} label={`About ${label}`} />
          </>
        )}
      </span>
      <select
        id={id}
        value={value}
        title={tooltip}
        disabled={disabled}
        onChange={(e) => onChange(options.find((o) => String(o.value) === e.target.value)!.value)}
      >
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
