import { useEffect, useRef, useState, type ReactNode } from 'react'

interface Props {
  /** Names the scroll region for screen readers, e.g. "Shopping list table". */
  label: string
  children: ReactNode
}

/**
 * The box a wide table scrolls sideways in. While it actually overflows it is a named, focusable region, so
 * keyboard users can scroll it with the arrow keys (WCAG 2.1.1); when the table fits it adds no tab stop.
 */
export function TableWrap({ label, children }: Props) {
  const box = useRef<HTMLDivElement>(null)
  const [overflows, setOverflows] = useState(false)

  useEffect(() => {
    const el = box.current
    if (!el) return
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1)
    check()
    const observer = new ResizeObserver(check)
    observer.observe(el)
    if (el.firstElementChild) observer.observe(el.firstElementChild)
    return () => observer.disconnect()
  }, [])

  return (
    <div ref={box} className="table-wrap" {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': label } : {})}>
      {children}
    </div>
  )
}
