import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { pagePreloads } from './preloads.js'

/** A build manifest in Vite's shape: the entry with its shell, two pages sharing a chunk. */
const MANIFEST = {
  'index.html': { file: 'assets/index-a.js', isEntry: true, imports: ['_shell-b.js'], css: ['assets/shell-b.css'] },
  '_shell-b.js': { file: 'assets/shell-b.js', css: ['assets/shell-b.css'] },
  '_common-c.js': { file: 'assets/common-c.js', imports: ['_shell-b.js'], css: ['assets/common-c.css'] },
  'tools/wormholes/WormholesPage.tsx': {
    file: 'assets/WormholesPage-d.js',
    isDynamicEntry: true,
    imports: ['_shell-b.js', '_common-c.js'],
    css: ['assets/WormholesPage-d.css'],
  },
  'tools/killtracker/KillTrackerPage.tsx': { file: 'assets/KillTrackerPage-e.js', isDynamicEntry: true, imports: ['_shell-b.js', '_common-c.js'] },
  'tools/appraisals/SavedAppraisalPage.tsx': { file: 'assets/SavedAppraisalPage-f.js', isDynamicEntry: true, imports: ['_shell-b.js'] },
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-preloads-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const manifestFile = path.join(dir, 'manifest.json')
fs.writeFileSync(manifestFile, JSON.stringify(MANIFEST))

describe('pagePreloads', () => {
  const preloads = pagePreloads(manifestFile)

  it("names a page's own script, styles and API answers, leaving out what index.html already loads", () => {
    const links = preloads('/wormholes')
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/WormholesPage-d.js">')
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/common-c.js">')
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/WormholesPage-d.css">')
    expect(links).toContain('<link rel="stylesheet" crossorigin href="/assets/common-c.css">')
    expect(links).toContain('<link rel="preload" as="fetch" crossorigin href="/api/wormholes">')
    expect(links).not.toContain('shell-b')
    expect(links).not.toContain('index-a')
  })

  it('reads addresses as the page router does: any case, a trailing slash, sub-routes and the catch-all last', () => {
    expect(preloads('/Wormholes/')).toBe(preloads('/wormholes'))
    // a system's page loads the same module, but its answers are its own: no list preloads
    expect(preloads('/wormholes/J123450')).toContain('WormholesPage-d.js')
    expect(preloads('/wormholes/J123450')).not.toContain('/api/wormholes')
    expect(preloads('/appraisals/k3J9_xQ2mZ7aB1cD')).toContain('SavedAppraisalPage-f.js')
    expect(preloads('/some-pilot')).toContain('KillTrackerPage-e.js')
    expect(preloads('/no/such/page')).toBe('')
  })

  it('names nothing without a manifest, and reads a rebuilt one', () => {
    expect(pagePreloads(path.join(dir, 'missing.json'))('/wormholes')).toBe('')
    const rebuilt = {
      ...MANIFEST,
      'tools/wormholes/WormholesPage.tsx': { ...MANIFEST['tools/wormholes/WormholesPage.tsx'], file: 'assets/WormholesPage-g.js' },
    }
    fs.writeFileSync(manifestFile, JSON.stringify(rebuilt))
    fs.utimesSync(manifestFile, new Date(), new Date(Date.now() + 5000))
    expect(preloads('/wormholes')).toContain('WormholesPage-g.js')
  })
})
