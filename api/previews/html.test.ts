import { describe, expect, it } from 'vitest'
import { Resvg } from '@resvg/resvg-js'
import { clip, escapeHtml, metaTags, renderShell } from './html.js'
import { cardSvg, renderCard } from './card.js'

const SHELL = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="generic" />
    <title>J-Space Toolbox</title>
  </head>
  <body><div id="root"></div></body>
</html>`

describe('link preview tags', () => {
  it('escapes every character that could end an attribute or open a tag', () => {
    expect(escapeHtml(`<script>"x" & 'y'</script>`)).toBe('&lt;script&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/script&gt;')
    const html = renderShell(
      SHELL,
      { title: 'Bob "<b>" · Kill tracker', description: `a'b</title><script>alert(1)</script>` },
      'https://j.example/bob',
      'https://j.example',
    )
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<b>')
    expect(html).toContain('<meta property="og:title" content="Bob &quot;&lt;b&gt;&quot; · Kill tracker" />')
    expect(html).toContain('<meta name="twitter:description" content="a&#39;b&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;" />')
    // the generic title and description are replaced, not doubled
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html.match(/name="description"/g)).toHaveLength(1)
    expect(html).toContain('<title>Bob &quot;&lt;b&gt;&quot; · Kill tracker</title>')
  })

  it('makes the image address absolute and asks for the large card only when there is an image', () => {
    const withImage = metaTags(
      { title: 'T', description: 'D', image: '/api/previews/wormholes/J123450.png', imageAlt: 'alt' },
      'https://j.example/wormholes/J123450',
      'https://j.example',
    )
    expect(withImage).toContain('<meta property="og:image" content="https://j.example/api/previews/wormholes/J123450.png" />')
    expect(withImage).toContain('<meta name="twitter:card" content="summary_large_image" />')
    expect(metaTags({ title: 'T', description: 'D' }, 'https://j.example/ore', 'https://j.example')).toContain('<meta name="twitter:card" content="summary" />')
  })

  it('cuts a long description at a word, with an ellipsis', () => {
    const long = 'word '.repeat(200)
    const cut = clip(long, 50)
    expect(cut.length).toBeLessThanOrEqual(50)
    expect(cut.endsWith('word…')).toBe(true)
    expect(clip('short  text\n here')).toBe('short text here')
  })
})

describe('summary card', () => {
  const card = { kicker: 'Appraisal', headline: '1.23b ISK', subline: 'Jita <4-4> & more', lines: ['1.00b  Tengu ×1', 'x'.repeat(500)] }

  it('escapes its text and cuts lines that would run off the card', () => {
    const svg = cardSvg(card)
    expect(svg).toContain('Jita &lt;4-4&gt; &amp; more')
    expect(svg).not.toContain('x'.repeat(100))
    // well-formed: resvg parses it
    expect(() => new Resvg(svg)).not.toThrow()
  })

  it('renders a 1200×630 PNG with the bundled font', () => {
    const png = renderCard(card)
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(1200)
    expect(png.readUInt32BE(20)).toBe(630)
  })
})
