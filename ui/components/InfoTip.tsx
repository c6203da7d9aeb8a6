import { useId } from 'react'

/**
 * A '?' mark that shows its text on hover, on keyboard focus and on a tap (a tap focuses it), and to screen readers
 * through the tooltip role. A `title` alone shows nothing on a touch screen.
 */
export function InfoTip({ text, label = 'More information' }: { text: string; label?: string }) {
  const id = useId()
  return (
    <span className="info-tip" tabIndex={0} aria-label={label} aria-describedby={id}>
      ?
      <span role="tooltip" id={id} className="info-tip-text">
        {text}
      </span>
    </span>
  )
}
