import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useInertOutside } from '../lib/use-inert-outside'

interface Props {
  open: boolean
  onClose: () => void
  title: ReactNode
  children: ReactNode
  wide?: boolean
}

/** A modal dialog that closes on its × button, a click on the backdrop, or Escape; the page behind is inert while it is open. */
export function Dialog({ open, onClose, title, children, wide }: Props) {
  const panel = useRef<HTMLDivElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const closeRef = useRef(onClose)
  closeRef.current = onClose
  useInertOutside(panel, open)
  // A layout effect, so Escape and focus work from the first frame the dialog is on screen (a passive effect can
  // run after a fast key press when the dialog opened from a navigation). It depends on `open` only: a parent
  // that passes a new onClose on each render must not pull focus back to the panel from the field being used.
  useLayoutEffect(() => {
    if (!open) return
    opener.current = document.activeElement as HTMLElement | null
    panel.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && closeRef.current()
    document.addEventListener('keydown', onKey)
    document.body.classList.add('modal-open')
    return () => {
      document.removeEventListener('keydown', onKey)
      document.body.classList.remove('modal-open')
    }
  }, [open])
  // Focus goes back to what opened the dialog in a passive effect declared after useInertOutside, so it runs once
  // the page behind is no longer inert: focusing an inert element does nothing and left focus on the page's body.
  useEffect(() => {
    if (!open) return
    return () => {
      const back = opener.current
      opener.current = null
      if (back?.isConnected && back !== document.body) back.focus()
      else focusPageHeading()
    }
  }, [open])
  if (!open) return null
  return createPortal(
    <div className="dialog-backdrop" data-testid="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className={`dialog${wide ? ' wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-label={typeof title === 'string' ? title : undefined}
        tabIndex={-1}
        ref={panel}
      >
        <header className="dialog-head">
          <h2>{title}</h2>
          <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </header>
        <div className="dialog-body">{children}</div>
      </div>
    </div>,
    document.body,
  )
}

/**
 * A dialog opened by a link from elsewhere (e.g. /wormholes/J123450) has no opener on this page: keyboard and
 * screen-reader users continue from the page's heading instead of the top of the document.
 */
function focusPageHeading() {
  const heading = document.querySelector<HTMLElement>('main h1')
  if (!heading) return
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1')
  heading.focus()
}
