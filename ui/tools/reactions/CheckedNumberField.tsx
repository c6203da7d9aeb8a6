import { useState, type ComponentProps } from 'react'
import { NumberField } from '../../components/NumberField'

const shown = new Intl.NumberFormat('en-US', { maximumFractionDigits: 4 })

type Props = ComponentProps<typeof NumberField> & {
  /** The field's rule as a sentence start, e.g. "Facility tax is 0 to 100%". */
  rule: string
  /** Names the note for tests: note-{name}. */
  name: string
  /** A typed value above the maximum is said elsewhere (the cost index line): no note for it here. */
  aboveMaxSaidElsewhere?: boolean
}

/**
 * A NumberField that says what it applies when what is being typed is not allowed (out of range, empty, not a whole
 * number): the field keeps the typed text while it has focus, so without this note the page would calculate with
 * another value than the box shows, silently. The note is a polite live region, so a screen reader hears it too.
 * The typed text is read from the input's change event as it bubbles up to this wrapper.
 */
export function CheckedNumberField({ rule, name, aboveMaxSaidElsewhere, ...field }: Props) {
  const [typed, setTyped] = useState<string | null>(null)
  const n = typed === null || typed.trim() === '' ? NaN : Number(typed.replace(',', '.'))
  const differs = typed !== null && n !== field.value && !(aboveMaxSaidElsewhere && field.max !== undefined && n > field.max)
  return (
    <div className="checked-field" onChange={(e) => setTyped((e.target as HTMLInputElement).value)} onBlur={() => setTyped(null)}>
      <NumberField {...field} name={name} />
      <p className="field-note warning-text" aria-live="polite" data-testid={`note-${name}`}>
        {differs ? `${rule}: ${shown.format(field.value)} applied.` : ''}
      </p>
    </div>
  )
}
