import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startKillfeedTestApp, type KillfeedTestApp } from './testing/app.js'
import { killfeedOverTransport } from './testing/transport-scenario.js'

let kf: KillfeedTestApp

beforeAll(async () => {
  kf = await startKillfeedTestApp()
})
afterAll(async () => {
  await kf?.close()
})

describe('killfeed on the in-process stream', () => {
  it('routes a kill to Discord and the live feed once, through the registered pipeline', async () => {
    expect(kf.app.ctx.stream.kind).toBe('memory')
    await killfeedOverTransport(kf.app, kf.discord, 700_001)
  })
})
