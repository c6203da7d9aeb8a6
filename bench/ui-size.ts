import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { ensureUiBuild } from '../ui/build/ensure-build.js'

interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
}

const DIST = path.resolve('dist/ui')
const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length

/** Initial JS for `/` = the entry chunk plus everything it imports statically (lazy tool chunks excluded). */
export function uiSizeReport() {
  ensureUiBuild()
  const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry)!
  const initial = new Set<string>()
  const visit = (key: string) => {
    const chunk = manifest[key]
    if (!chunk || initial.has(chunk.file)) return
    initial.add(chunk.file)
    for (const i of chunk.imports ?? []) visit(i)
  }
  visit(entryKey)
  const initialGz = [...initial].reduce((sum, f) => sum + gz(f), 0)
  const lazy = Object.values(manifest)
    .filter((c) => !initial.has(c.file) && c.file.endsWith('.js'))
    .map((c) => ({ chunk: c.file.replace('assets/', ''), 'gzip KB': Math.round(gz(c.file) / 102.4) / 10 }))
    .sort((a, b) => b['gzip KB'] - a['gzip KB'])
  return { initialFiles: [...initial], initialGzipKB: Math.round(initialGz / 102.4) / 10, lazy }
}
