import { useEffect, useId, useState } from 'react'

interface Props {
  label: string
  value: number
  onChange: (value: number) => void
  min?: number
  max?: number
  step?: number | 'any'
  /** Whole numbers only (input like "2.7" becomes 2). */
  integer?: boolean
  /** What non-numeric input becomes (default 0). */
  fallback?: number
  /** Clamp to [min, max] as the user types (default true). */
  clamp?: boolean
  title?: string
  /** The name screen readers give the box when the visible label alone says too little (e.g. '%'). */
  ariaLabel?: string
  name?: string
  disabled?: boolean
  className?: string
  'data-testid'?: string
}

/** Parse what a person typed the way the tools' rules ask: non-numeric → fallback, optional clamp and rounding. */
export function sanitizeNumber(raw: string, { min, max, integer, fallback = 0, clamp = true }: Pick<Props, 'min' | 'max' | 'integer' | 'fallback' | 'clamp'>): number {
  let n = Number.parseFloat(raw.replace(',', '.'))
  if (!Number.isFinite(n)) n = fallback
  if (integer) n = Math.trunc(n)
  if (clamp) {
    if (min !== undefined && n < min) n = min
    if (max !== undefined && n > max) n = max
  }
  return n
}

/**
 * A labelled number input. It keeps what the person is typing (so "1." or an empty box is allowed while typing)
 * and reports a sanitised number on every change.
 */
/**
 * Why a typed number is not the one used, while the box still shows it (it is rewritten when left): null when the
 * text is no number (the box is being cleared or typed into) or is used as it is.
 */
export function usedInstead(text: string, used: number, { min, max, integer }: Pick<Props, 'min' | 'max' | 'integer'>): string | null {
  const typed = Number.parseFloat(text.replace(',', '.'))
  if (!Number.isFinite(typed) || typed === used) return null
  if (max !== undefined && used === max && typed > max) return `Using ${used}: at most ${max}.`
  if (min !== undefined && used === min && typed < min) return `Using ${used}: at least ${min}.`
  if (integer && used === Math.trunc(typed)) return `Using ${used}: whole numbers only.`
  return null
}

export function NumberField({ label, value, onChange, min, max, step, integer, fallback, clamp, title, ariaLabel, name, disabled, className, ...rest }: Props) {
  const id = useId()
  const [text, setText] = useState(String(value))
  useEffect(() => {
    if (sanitizeNumber(text, { min, max, integer, fallback, clamp }) !== value) setText(String(value))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value])
  const note = usedInstead(text, value, { min, max, integer })
  return (
    <label className={`field${className ? ` ${className}` : ''}`} htmlFor={id} title={title}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <input
        id={id}
        name={name}
        aria-label={ariaLabel}
        // Named by the label text alone: the note below sits in the same <label> and is a description, not the name.
        aria-labelledby={ariaLabel ? undefined : `${id}-label`}
        aria-describedby={note ? `${id}-note` : undefined}
        type="number"
        inputMode={integer ? 'numeric' : 'decimal'}
        value={text}
        min={min}
        max={max}
        step={step ?? (integer ? 1 : 'any')}
        disabled={disabled}
        data-testid={rest['data-testid']}
        onChange={(e) => {
          setText(e.target.value)
          onChange(sanitizeNumber(e.target.value, { min, max, integer, fallback, clamp }))
        }}
        onBlur={() => setText(String(value))}
      />
      {note && (
        <span className="field-note warning-text" id={`${id}-note`} data-testid="number-field-note">
          {note}
        </span>
      )}
    </label>
  )
}
