import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { COMMUNITY_DATASETS } from '../../schemas/community.js'
import { communityFingerprint, readCommunityData } from './community.js'

const dirs: string[] = []
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-community-'))
  dirs.push(d)
  return d
}
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })))

describe('community data', () => {
  it('records missing files instead of failing', () => {
    const result = readCommunityData(tempDir())
    expect(result).toHaveLength(Object.keys(COMMUNITY_DATASETS).length)
    expect(result.every((d) => !d.present && d.error?.startsWith('not found in'))).toBe(true)
  })

  it('records an invalid file with the file and record that is wrong', () => {
    const dir = tempDir()
    fs.mkdirSync(path.join(dir, 'gas-sites'))
    fs.writeFileSync(
      path.join(dir, 'gas-sites/gas-sites.json'),
      JSON.stringify([{ name: 'Barren Perimeter Reservoir', siteType: 'gas', blueLootIsk: 1, classes: [], gases: 'oops' }]),
    )
    fs.mkdirSync(path.join(dir, 'ore-sites'))
    fs.writeFileSync(path.join(dir, 'ore-sites/ore-sites.json'), '{not json')
    const byName = Object.fromEntries(readCommunityData(dir).map((d) => [d.name, d]))
    expect(byName.gasSites.present).toBe(false)
    expect(byName.gasSites.error).toMatch(/^gas-sites\/gas-sites\.json: record 0\.gases: /)
    expect(byName.oreSites.error).toMatch(/not valid JSON/)
  })

  it('reads every data set of the shared community directory', () => {
    const dir = process.env.COMMUNITY_DATA_DIR ?? ['../shared/data', '/work/shared/data'].find((d) => fs.existsSync(d))!
    const result = readCommunityData(dir)
    for (const d of result) expect(d, d.name).toMatchObject({ present: true, error: null })
    expect(result.find((d) => d.name === 'wormholeSystems')!.records).toBe(2604)
    expect(result.find((d) => d.name === 'sleeperSites')!.records).toBe(48)
  })

  it('changes its fingerprint when a file changes', () => {
    const dir = tempDir()
    const before = communityFingerprint(dir)
    fs.mkdirSync(path.join(dir, 'gas-sites'))
    fs.writeFileSync(path.join(dir, 'gas-sites/gas-sites.json'), '[]')
    expect(communityFingerprint(dir)).not.toBe(before)
  })
})
