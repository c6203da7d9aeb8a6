import { SITE_NAME } from '../../schemas/pages.js'

/** What a link preview (Discord, Slack, a search engine) shows for one address. */
export interface PageMeta {
  title: string
  description: string
  /** Path of a generated summary card (PNG), when the page has one. */
  image?: string
  imageAlt?: string
}

/** Text for an HTML attribute or element: `&`, `<`, `>`, `"` and `'` escaped, control characters dropped. */
export function escapeHtml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&#39;')
  )
}

/** A description as previews show it: one line of at most `max` characters, cut at a word with an ellipsis. */
export function clip(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim()
  if (line.length <= max) return line
  const cut = line.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`
}

/** The Open Graph and Twitter card tags (with the page's title and description) for one page at `url`. */
export function metaTags(meta: PageMeta, url: string, origin: string): string {
  const title = clip(meta.title, 120)
  const description = clip(meta.description)
  const image = meta.image ? new URL(meta.image, origin).href : null
  const tags: Array<[string, string, string]> = [
    ['property', 'og:site_name', SITE_NAME],
    ['property', 'og:type', 'website'],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['name', 'twitter:card', image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
  ]
  if (image) {
    tags.push(['property', 'og:image', image], ['property', 'og:image:width', '1200'], ['property', 'og:image:height', '630'], ['name', 'twitter:image', image])
    if (meta.imageAlt) tags.push(['property', 'og:image:alt', clip(meta.imageAlt)], ['name', 'twitter:image:alt', clip(meta.imageAlt)])
  }
  return [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ')
}

/**
 * The built index.html with this page's tags in its head: the page's own <title> and description replace the generic
 * ones, so a crawler that runs no script (Discord's) reads the page's. `preloads`: the page's own files (preloads.ts).
 */
export function renderShell(indexHtml: string, meta: PageMeta, url: string, origin: string, preloads = ''): string {
  const head = indexHtml.replace(/\s*<title>[^<]*<\/title>/i, '').replace(/\s*<meta\s+name="description"[^>]*>/i, '')
  return head.replace(/<\/head>/i, `  ${metaTags(meta, url, origin)}${preloads ? `\n    ${preloads}` : ''}\n  </head>`)
}
