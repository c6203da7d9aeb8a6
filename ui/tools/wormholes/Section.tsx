import type { ReactNode } from 'react'

/** One block of the system dialog: a named region with its heading. */
export function Section({ name, heading = name, children }: { name: string; heading?: string; children: ReactNode }) {
  return (
    <section className="wh-section" aria-label={name}>
      <h3>{heading}</h3>
      {children}
    </section>
  )
}
