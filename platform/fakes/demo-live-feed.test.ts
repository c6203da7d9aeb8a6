import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readLiveFeedPosition, saveLiveFeedPosition } from './demo.js'
import { FAKE_FIRST_SEQUENCE } from './zkillboard/server.js'

describe("the demo's live feed position", () => {
  const dirs: string[] = []
  const dataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-feed-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it("starts at the fake feed's first numbers on a new data directory", () => {
    expect(readLiveFeedPosition(dataDir())).toEqual({ nextSequence: FAKE_FIRST_SEQUENCE, nextKillId: 300_000_000 })
  })

  it('goes on from where the last demo on the same data directory stopped', () => {
    const dir = dataDir()
    saveLiveFeedPosition(dir, { nextSequence: FAKE_FIRST_SEQUENCE + 180, nextKillId: 300_000_180 })
    expect(readLiveFeedPosition(dir)).toEqual({ nextSequence: FAKE_FIRST_SEQUENCE + 180, nextKillId: 300_000_180 })
  })

  it('starts fresh when the file is unreadable or holds something else', () => {
    const dir = dataDir()
    fs.writeFileSync(path.join(dir, 'demo-live-feed.json'), '{"nextSequence": "soon"')
    expect(readLiveFeedPosition(dir).nextSequence).toBe(FAKE_FIRST_SEQUENCE)
    fs.writeFileSync(path.join(dir, 'demo-live-feed.json'), JSON.stringify({ nextSequence: 5, nextKillId: 7 }))
    expect(readLiveFeedPosition(dir)).toEqual({ nextSequence: FAKE_FIRST_SEQUENCE, nextKillId: 300_000_000 })
  })
})
