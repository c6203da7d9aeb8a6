import { useEffect, useId, useRef, useState } from 'react'
import { createPortal } from 'react-dom'

/** The tooltip's width in px (CSS `.info-tip-text`), and the gap kept from the screen's edges. */
const TIP_WIDTH = 256
const EDGE = 8

/**
 * A '?' mark that shows its text on hover, on keyboard focus and on a tap (a tap focuses it); a `title` alone shows
 * nothing on a touch screen. The text is drawn on the page's top layer at the mark's place (fixed position), so a
 * table that scrolls in its own box does not clip it; screen readers get it through `aria-describedby`.
 */
export function InfoTip({ text, label = 'More information' }: { text: string; label?: string }) {
  const id = useId()
  const mark = useRef<HTMLSpanElement>(null)
  // shown while hovered or focused: a tap focuses the mark, and touch browsers send mouseleave right after the tap
  const [hovered, setHovered] = useState(false)
  const [focused, setFocused] = useState(false)
  const [at, setAt] = useState<{ left: number; top: number; width: number } | null>(null)
  const open = hovered || focused
  useEffect(() => {
    if (!open) {
      setAt(null)
      return
    }
    const place = () => {
      const r = mark.current?.getBoundingClientRect()
      if (!r) return
      const width = Math.min(TIP_WIDTH, window.innerWidth - 2 * EDGE)
      setAt({ left: Math.min(Math.max(r.left + r.width / 2 - width / 2, EDGE), window.innerWidth - width - EDGE), top: r.bottom + 6, width })
    }
    place()
    // drawn at a fixed place, so it follows the mark when the page or a box under it scrolls
    window.addEventListener('scroll', place, true)
    return () => window.removeEventListener('scroll', place, true)
  }, [open])
  return (
    <span
      ref={mark}
      className="info-tip"
      tabIndex={0}
      aria-label={label}
      aria-describedby={id}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      ?
      <span id={id} hidden>
        {text}
      </span>
      {at &&
        createPortal(
          <span role="tooltip" className="info-tip-text" style={at}>
            {text}
          </span>,
          document.body,
        )}
    </span>
  )
}
