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
})
