import { describe, expect, it } from 'vitest'
import { ifNoneMatchNames } from './etag.js'

describe('ifNoneMatchNames', () => {
  const etag = '"1764324000000-abc"'
  it('matches the tag itself, its weak form, a list holding it and *', () => {
    expect(ifNoneMatchNames(etag, etag)).toBe(true)
    expect(ifNoneMatchNames(`W/${etag}`, etag)).toBe(true)
    expect(ifNoneMatchNames(`"older", ${etag}`, etag)).toBe(true)
    expect(ifNoneMatchNames('*', etag)).toBe(true)
  })
  it('does not match another tag, a tag without quotes, or no header', () => {
    expect(ifNoneMatchNames('"1764324000000-abd"', etag)).toBe(false)
    expect(ifNoneMatchNames('1764324000000-abc', etag)).toBe(false)
    expect(ifNoneMatchNames(undefined, etag)).toBe(false)
    expect(ifNoneMatchNames('', etag)).toBe(false)
  })
})
