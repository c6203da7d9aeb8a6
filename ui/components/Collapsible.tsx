import { useId, useState, type ReactNode } from 'react'

interface Props {
  title: ReactNode
  defaultOpen?: boolean
  /** Render as a <fieldset> whose legend toggles it (forms), or as a section with a heading button. */
  as?: 'section' | 'fieldset'
  children: ReactNode
  className?: string
  /** Extra control shown beside the title (e.g. an Expand/Collapse label). */
  aside?: ReactNode
}

/** A block that opens and closes when its heading (or legend) is clicked. */
export function Collapsible({ title, defaultOpen = true, as = 'section', children, className, aside }: Props) {
  const [open, setOpen] = useState(defaultOpen)
  const id = useId()
  const toggle = (
    <button type="button" className="collapsible-toggle" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
      <span className="chevron" aria-hidden="true">
        {open ? '▾' : '▸'}
      </span>
      {title}
      {aside}
    </button>
  )
  const body = (
    <div id={id} className="collapsible-body" hidden={!open}>
      {children}
    </div>
  )
  if (as === 'fieldset') {
    return (
      <fieldset className={`collapsible${open ? ' open' : ''}${className ? ` ${className}` : ''}`}>
        <legend>{toggle}</legend>
        {body}
      </fieldset>
    )
  }
  return (
    <section className={`collapsible${open ? ' open' : ''}${className ? ` ${className}` : ''}`}>
      <h2 className="collapsible-heading">{toggle}</h2>
      {body}
    </section>
  )
}
