import type { ReactNode } from 'react'

/** The id of the one hidden sentence (in the layout) that every new-tab link points to as its description. */
export const NEW_TAB_NOTE_ID = 'new-tab-note'
export const NEW_TAB_NOTE = 'Opens in a new tab.'

interface Props {
  href: string
  children: ReactNode
  /** The link's name when its text is not enough (a list of "zKill" links). */
  label?: string
}

/**
 * A link to another site (or the API docs) that opens in a new tab, and says so to screen readers, which otherwise
 * give no warning that Back no longer leads here (WCAG technique G201). The note is the link's description, not part
 * of its name, so the name stays what the link says.
 */
export function NewTabLink({ href, children, label }: Props) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} aria-describedby={NEW_TAB_NOTE_ID}>
      {children}
    </a>
  )
}

/** Rendered once by the layout. */
export function NewTabNote() {
  return (
    <span id={NEW_TAB_NOTE_ID} hidden>
      {NEW_TAB_NOTE}
    </span>
  )
}
