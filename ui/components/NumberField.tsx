import { useEffect, useId, useState, type ChangeEvent } from 'react'

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
  /** The field's rule as a sentence start ("Facility tax is 0 to 100%"), for the note on a number it does not use. */
  rule?: string
  /** Leave a number above the maximum unsaid: the page says it elsewhere. */
  quietAboveMax?: boolean
  'data-testid'?: string
}

/** Parse what a person typed the way the tools' rules ask: non-numeric → fallback, optional clamp and rounding. */
export function sanitizeNumber(
  raw: string,
  { min, max, integer, fallback = 0, clamp = true }: Pick<Props, 'min' | 'max' | 'integer' | 'fallback' | 'clamp'>,
): number {
  let n = Number.parseFloat(raw.replace(',', '.'))
  if (!Number.isFinite(n)) n = fallback
  if (integer) n = Math.trunc(n)
  if (clamp) {
    if (min !== undefined && n < min) n = min
    if (max !== undefined && n > max) n = max
  }
  return n
}

const shown = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })

/**
 * What to say while the box shows text other than the number used (it is rewritten when the box is left): null
 * when the text is that number. `rule` is the field's rule as a sentence start ("Runs are whole numbers from 1 to
 * 100,000"); without one the bound or rounding that applied is named. A number above the maximum is left unsaid
 * when `quietAboveMax` (the page says it elsewhere).
 */
export function usedInstead(
  text: string,
  used: number,
  { min, max, integer, rule, quietAboveMax }: Pick<Props, 'min' | 'max' | 'integer' | 'rule' | 'quietAboveMax'>,
): string | null {
  const typed = text.trim() === '' ? NaN : Number(text.replace(',', '.'))
  if (typed === used || (quietAboveMax && max !== undefined && typed > max)) return null
  if (rule) return `${rule}: ${shown.format(used)} applied.`
  if (!Number.isFinite(typed)) return `Using ${shown.format(used)} until a number is typed.`
  if (max !== undefined && used === max && typed > max) return `Using ${shown.format(used)}: at most ${shown.format(max)}.`
  if (min !== undefined && used === min && typed < min) return `Using ${shown.format(used)}: at least ${shown.format(min)}.`
  if (integer) return `Using ${shown.format(used)}: whole numbers only.`
  return `Using ${shown.format(used)}.`
}

type Rules = Pick<Props, 'min' | 'max' | 'integer' | 'fallback' | 'clamp' | 'rule' | 'quietAboveMax'>

/**
 * The typing state of a number box: the text as typed (rewritten to the value in use when the box is left or the
 * value changes from outside), the input's change and blur handlers, and the note on a number it does not use.
 */
export function useTypedNumber(value: number, onChange: (value: number) => void, rules: Rules) {
  const [text, setText] = useState(String(value))
  useEffect(() => {
    if (sanitizeNumber(text, rules) !== value) setText(String(value))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value])
  return {
    text,
    note: usedInstead(text, value, rules),
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setText(e.target.value)
      onChange(sanitizeNumber(e.target.value, rules))
    },
    onBlur: () => setText(String(value)),
  }
}

/**
 * A labelled number input. It keeps what the person is typing (so "1." or an empty box is allowed while typing),
 * reports a sanitised number on every change, and meanwhile says which number is used when it is not the one
 * shown, so a page never calculates with another value than its box shows, silently. The note is a polite live
 * region present from the start, so a screen reader hears it too, and the input's description while it says
 * something.
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step,
  integer,
  fallback,
  clamp,
  rule,
  quietAboveMax,
  title,
  ariaLabel,
  name,
  disabled,
  className,
  ...rest
}: Props) {
  const id = useId()
  const { text, note, onChange: onInput, onBlur } = useTypedNumber(value, onChange, { min, max, integer, fallback, clamp, rule, quietAboveMax })
  return (
    <label className={`field${className ? ` ${className}` : ''}`} htmlFor={id} title={title}>
      <span className="field-label" id={`${id}-label`}>
        {label}
      </span>
      <input
        id={id}
        name={name}
        aria-label={ariaLabel}
        // Named by the label text alone: the note sits in the same <label> and is a description, not the name.
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
        onChange={onInput}
        onBlur={onBlur}
      />
      <span className="field-note warning-text" id={`${id}-note`} aria-live="polite" data-testid={name ? `note-${name}` : undefined}>
        {note}
      </span>
    </label>
  )
}
