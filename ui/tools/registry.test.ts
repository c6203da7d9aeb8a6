import { describe, expect, it } from 'vitest'
import { pageTitle, tools } from './registry'

describe('pageTitle', () => {
  it('names the tool, after the J-code or player the path carries', () => {
    expect(pageTitle('/')).toBe('J-Space Toolbox')
    expect(pageTitle('/gas-calc')).toBe('Gas Huffing Calculator · J-Space Toolbox')
    expect(pageTitle('/wormholes')).toBe('Wormhole Database · J-Space Toolbox')
    expect(pageTitle('/wormholes/j123450')).toBe('J123450 · Wormhole Database · J-Space Toolbox')
    expect(pageTitle('/appraisals/abc123')).toBe('ISKtimate (hub prices) · J-Space Toolbox')
    // static pages outrank the kill tracker's one-segment catch-all, as in the router
    expect(pageTitle('/changelog')).toBe('Changelog · J-Space Toolbox')
    expect(pageTitle('/demo-pilot')).toBe('demo-pilot · Kill tracker · J-Space Toolbox')
    expect(pageTitle('/no/such/page')).toBe('Page not found · J-Space Toolbox')
    // the spec's name of the status screen, as its heading says
    expect(pageTitle('/statuses')).toBe('Infrastructure Status · J-Space Toolbox')
  })
})

describe('tools', () => {
  it('loads every page the site lists, and each sub-route, from the module schemas/pages.ts names', () => {
    for (const tool of tools.filter((t) => !t.href)) {
      expect(tool.page, tool.path).toBeTypeOf('function')
      for (const sub of tool.subRoutes ?? []) expect(sub.page, sub.path).toBeTypeOf('function')
    }
    expect(tools.find((t) => t.path === '/appraisals')!.subRoutes![0].page).not.toBe(tools.find((t) => t.path === '/appraisals')!.page)
  })
})
