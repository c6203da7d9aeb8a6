import { describe, expect, it } from 'vitest'
import { cachedProbe } from './health.js'

describe('cachedProbe (the database probe behind /api/health)', () => {
  it('probes at most once per second, and callers during a probe share it', async () => {
    let now = 0
    let probes = 0
    let release: (v: string) => void = () => undefined
    const probe = cachedProbe(
      () => {
        probes++
        return new Promise<string>((r) => (release = r))
      },
      1000,
      () => now,
    )
    const waiting = Array.from({ length: 50 }, () => probe())
    expect(probes).toBe(1)
    release('ok 1')
    expect(await Promise.all(waiting)).toEqual(Array(50).fill('ok 1'))
    now = 999
    expect(await probe()).toBe('ok 1')
    expect(probes).toBe(1)
    now = 1000
    const next = probe()
    expect(probes).toBe(2)
    release('ok 2')
    expect(await next).toBe('ok 2')
  })

  it('probes again after a failure rather than keep answering it', async () => {
    let probes = 0
    const probe = cachedProbe(async () => {
      probes++
      if (probes === 1) throw new Error('down')
      return 'up'
    })
    await expect(probe()).rejects.toThrow('down')
    expect(await probe()).toBe('up')
  })
})
