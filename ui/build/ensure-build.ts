/**
 * Builds the UI when its sources changed since the last build, so `npm start` on a fresh clone serves the
 * site and later starts skip the build. The fingerprint covers ui/, schemas/ and the lockfile.
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

const root = process.cwd()
const stampFile = path.join(root, 'dist/ui/.build-fingerprint')

function* files(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* files(p)
    else if (!entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx')) yield p
  }
}

export function uiFingerprint(): string {
  const hash = crypto.createHash('sha256')
  const inputs = [...files(path.join(root, 'ui')), ...files(path.join(root, 'schemas')), path.join(root, 'package.json'), path.join(root, 'package-lock.json')]
  for (const f of inputs.filter((f) => fs.existsSync(f)).sort()) {
    hash.update(path.relative(root, f))
    hash.update(fs.readFileSync(f))
  }
  return hash.digest('hex')
}

export function ensureUiBuild(): void {
  const fingerprint = uiFingerprint()
  if (fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === fingerprint) return
  console.log('Building the UI (sources changed since the last build)…')
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'ui/vite.config.ts', '--logLevel', 'warn'],
    { stdio: 'inherit', cwd: root, env: { ...process.env, NODE_ENV: 'production' } },
  )
  if (result.status !== 0) throw new Error('UI build failed')
  fs.writeFileSync(stampFile, fingerprint)
}

if (import.meta.url === `file://${process.argv[1]}`) ensureUiBuild()
