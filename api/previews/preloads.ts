import fs from 'node:fs'
import { PAGES } from '../../schemas/pages.js'
import { matcher, normalize } from './pages.js'

/** A chunk of the UI build's manifest (dist/ui/.vite/manifest.json), keyed by its source under ui/. */
interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  css?: string[]
}
type Manifest = Record<string, ManifestChunk>

/** Every route with the module it loads: static paths first, then patterns, as the page router ranks them. */
const ROUTES = PAGES.flatMap((p) =>
  p.module
    ? [p.path, ...(p.subRoutes ?? [])].map((route) => ({
        route,
        module: p.subRouteModules?.[route] ?? p.module!,
        data: route === p.path ? (p.preload ?? []) : [],
        match: matcher(route),
      }))
    : [],
).sort((a, b) => Number(a.route.includes(':')) - Number(b.route.includes(':')))

/** A chunk's JS files and stylesheets, its static imports' included. */
function closure(manifest: Manifest, key: string, js = new Set<string>(), css = new Set<string>()) {
  const chunk = manifest[key]
  if (!chunk || js.has(chunk.file)) return { js, css }
  js.add(chunk.file)
  for (const sheet of chunk.css ?? []) css.add(sheet)
  for (const imported of chunk.imports ?? []) closure(manifest, imported, js, css)
  return { js, css }
}

/** What the built index.html already names: the entry's files. */
function shellFiles(manifest: Manifest) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)
  return entryKey ? closure(manifest, entryKey) : { js: new Set<string>(), css: new Set<string>() }
}

/** The <link> tags for one page's files that index.html does not already name (`shell`), and its API answers. */
function linksFor(manifest: Manifest, shell: ReturnType<typeof shellFiles>, module: string, data: string[]): string {
  const page = closure(manifest, module)
  return [
    ...[...page.css].filter((f) => !shell.css.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`),
    ...[...page.js].filter((f) => !shell.js.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`),
    // crossorigin: a same-origin fetch() is a CORS-mode request, and only a preload of the same mode is reused
    ...data.map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`),
  ].join('\n    ')
}

/**
 * For a page opened directly (a link, a reload), the tags that fetch its own script and styles beside the site's:
 * without them the browser learns of them only once the site's script has run, a round trip or more later (about
 * 0.3-0.5 s on a phone, bench/wormhole-list.bench.ts). Read from the build's manifest, again when a build changes it.
 */
export function pagePreloads(manifestFile: string): (pathname: string) => string {
  let held: { mtimeMs: number; links: Map<string, string>; manifest: Manifest; shell: ReturnType<typeof shellFiles> } | null = null
  return (pathname) => {
    let mtimeMs: number
    try {
      mtimeMs = fs.statSync(manifestFile).mtimeMs
    } catch {
      return '' // no manifest (a build without one): the page loads its files as before
    }
    if (held?.mtimeMs !== mtimeMs) {
      const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest
      held = { mtimeMs, links: new Map(), manifest, shell: shellFiles(manifest) }
    }
    const path = normalize(pathname)
    const route = ROUTES.find((r) => r.match(path))
    if (!route) return ''
    let links = held.links.get(route.route)
    if (links === undefined) held.links.set(route.route, (links = linksFor(held.manifest, held.shell, route.module, route.data)))
    return links
  }
}
