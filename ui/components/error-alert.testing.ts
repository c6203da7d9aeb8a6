import { expect } from 'vitest'
import type { Page } from 'playwright-core'

/**
 * Checks that the ErrorAlert region `${testId}-region` is on the page now, as role="alert", and empty. Returns a reader
 * of what that same element holds later (null once it has left the page), so a test can check that the message
 * arrives in the region that was already there, which screen readers read out, and not in a new one.
 */
export async function emptyAlertRegion(page: Page, testId: string): Promise<() => Promise<string | null>> {
  const region = page.getByTestId(`${testId}-region`)
  expect(await region.getAttribute('role', { timeout: 5_000 })).toBe('alert')
  expect(await region.textContent()).toBe('')
  const handle = (await region.elementHandle())!
  return () => handle.evaluate((el) => (el.isConnected ? el.textContent : null))
}

/** A route handler's gate: `wait()` holds a request until `open()`; a fresh gate starts closed. */
export function gate() {
  let open = () => {}
  const wait = new Promise<void>((resolve) => (open = resolve))
  return { wait, open }
}
