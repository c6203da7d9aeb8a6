/** Discord says how long to wait in the JSON `retry_after` (seconds, fractional) and the Retry-After header. */
export function retryAfterMs(res: Response, text: string): number | null {
  try {
    const seconds = (JSON.parse(text) as { retry_after?: unknown }).retry_after
    if (typeof seconds === 'number' && Number.isFinite(seconds)) return Math.ceil(seconds * 1000)
  } catch {
    /* fall through to the header */
  }
  const header = Number(res.headers.get('retry-after'))
  return Number.isFinite(header) && header > 0 ? header * 1000 : null
}
