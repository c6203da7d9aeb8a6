import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fileURLToPath } from 'node:url'
import { COMMUNITY_DATASETS } from '../../schemas/community.js'
import { loadConfig } from '../../schemas/config.js'
import { communityFingerprint, readCommunityData } from './community.js'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
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

  it('finds every data set in a checkout with no sibling folders (the sets ship in data/community)', () => {
    // The default is the repository's own folder, wherever the checkout lives.
    const bundled = loadConfig({}).COMMUNITY_DATA_DIR
    expect(bundled).toBe(path.resolve(repoRoot, 'data/community'))
    expect(loadConfig({ COMMUNITY_DATA_DIR: '/elsewhere' }).COMMUNITY_DATA_DIR).toBe('/elsewhere')
    // A lone checkout: only the repository's data folder, copied to a fresh directory with nothing beside it.
    const checkout = path.join(tempDir(), 'checkout')
    fs.cpSync(path.join(repoRoot, 'data'), path.join(checkout, 'data'), { recursive: true })
    expect(fs.readdirSync(path.dirname(checkout))).toEqual(['checkout'])
    const result = readCommunityData(path.join(checkout, 'data/community'))
    for (const d of result) expect(d, d.name).toMatchObject({ present: true, error: null })
    expect(result.find((d) => d.name === 'wormholeSystems')!.records).toBe(2604)
    expect(result.find((d) => d.name === 'sleeperSites')!.records).toBe(48)
    expect(result.find((d) => d.name === 'itemRenames')!.records).toBe(2247)
    // Every set carries its provenance.
    for (const { file } of Object.values(COMMUNITY_DATASETS))
      expect(fs.existsSync(path.join(checkout, 'data/community', path.dirname(file), 'PROVENANCE.md')), file).toBe(true)
  })

  it('no code, default or doc names a folder outside the checkout', () => {
    const offenders: string[] = []
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        if (['node_modules', 'var', 'data', '.git', 'dist', 'api-fixtures'].includes(e.name)) continue
        const full = path.join(dir, e.name)
        if (e.isDirectory()) walk(full)
        else if (/\.(ts|tsx|md|yml|json)$/.test(e.name) && !full.endsWith('community.test.ts')) {
          const text = fs.readFileSync(full, 'utf8')
          if (/\.\.\/shared\b|\/work\/shared/.test(text)) offenders.push(path.relative(repoRoot, full))
        }
      }
    }
    walk(repoRoot)
    expect(offenders).toEqual([])
  })

  it('changes its fingerprint when a file changes', () => {
    const dir = tempDir()
    const before = communityFingerprint(dir)
    fs.mkdirSync(path.join(dir, 'gas-sites'))
    fs.writeFileSync(path.join(dir, 'gas-sites/gas-sites.json'), '[]')
    expect(communityFingerprint(dir)).not.toBe(before)
  })
})
