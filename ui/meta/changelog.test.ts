import { describe, expect, it } from 'vitest'
import pkg from '../../package.json' with { type: 'json' }
import { releaseKind, releases } from './changelog'

describe('changelog data', () => {
  it('labels releases by the digit that changed', () => {
    expect(releaseKind('2.0.0')).toBe('Major')
    expect(releaseKind('1.3.0')).toBe('Minor')
    expect(releaseKind('1.2.4')).toBe('Patch')
    expect(releaseKind('0.1.0')).toBe('Minor')
    expect(releaseKind('1.0.0')).toBe('Major')
    // by the version's own digits, whatever release is listed below it
    expect(releaseKind('0.15.1')).toBe('Patch')
    expect(releaseKind('1.0')).toBe('Major')
  })

  it('starts with the version in package.json and is newest first with dates', () => {
    expect(releases[0].version).toBe(pkg.version)
    for (let i = 1; i < releases.length; i++) expect(releases[i - 1].date >= releases[i].date).toBe(true)
  })

  it('speaks to players: a line or two per change, no engineering terms (the detail is in docs/history.md)', () => {
    const engineering =
      /\b(kafka|clickhouse|chdb|npm|zod|koa|vite|websocket|json|csp|etag|mip|highs|dogma|sde|v8|heap|consumer|topic|backfill|schema|openapi)\b/i
    for (const release of releases) {
      for (const line of [release.title, ...release.changes]) {
        expect([release.version, line, engineering.test(line)]).toEqual([release.version, line, false])
        expect(line.length, `${release.version}: ${line}`).toBeLessThanOrEqual(240)
      }
      expect(release.changes.length).toBeGreaterThan(0)
      expect(release.changes.length).toBeLessThanOrEqual(3)
    }
  })
})
