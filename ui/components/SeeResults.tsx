import type { ReactNode } from 'react'

/**
 * On a phone, a page that recalculates as its fields change (no Calculate button) has its results far below the form.
 * This button, shown on narrow screens only, is its Calculate: the page passes an onClick that brings the results into
 * view with the focus on their heading (useResultsIntoView). Nothing moves by itself while a player types (WCAG 3.2.2).
 */
export function SeeResults({ onClick, children, testId }: { onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <button type="button" className="button secondary see-results" onClick={onClick} data-testid={testId}>
      {children}
    </button>
  )
}
