/**
 * Whether a request's If-None-Match names `etag`, compared as RFC 9110 (13.1.2) asks of If-None-Match: weakly (a
 * `W/` prefix on either side is ignored), against each entity tag of a comma-separated list, and `*` matches any.
 * A proxy that compresses an answer weakens its ETag (`"x"` becomes `W/"x"`), and the client then sends that form
 * back; an exact string comparison never matched it.
 */
export function ifNoneMatchNames(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return header.split(',').some((tag) => opaque(tag) === opaque(etag))
}
