/**
 * The server's build: api/main.ts (and the UI build check it runs first) bundled by esbuild into dist/server/ as
 * plain JavaScript, so a start runs compiled code instead of compiling TypeScript through tsx every time
 * (docs/decisions.md, "The server runs as compiled JavaScript"). Packages stay in node_modules (imported, not bundled).
 *
 * `node api/build/server.mjs` type-checks the project (tsc) and then bundles; `npm run build` runs it. `npm start`
 * (api/build/start.mjs) bundles without the type check when the sources changed since the last build.
 */
import { spawnSync } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const root = process.cwd()
/** Each build in a folder of its own, named by its sources' fingerprint (see bundleServer). */
const BUILDS_DIR = path.join(root, 'dist/server')
const SOURCE_DIRS = ['api', 'ingest', 'pipelines', 'platform', 'schemas', 'ui/build']
const ENTRIES = { main: 'api/main.ts', demo: 'api/demo.ts', 'ensure-ui': 'ui/build/ensure-build.ts' }

function* sources(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* sources(p)
    else if (/\.(ts|tsx|mjs|json|sql)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield p
  }
}

/** A hash of everything the bundle is made of: the server's sources, this script and the lockfile. */
export function serverFingerprint() {
  const hash = crypto.createHash('sha256')
  const files = SOURCE_DIRS.flatMap((d) => [...sources(path.join(root, d))])
  for (const f of [...files, path.join(root, 'package.json'), path.join(root, 'package-lock.json')].sort()) {
    hash.update(path.relative(root, f))
    hash.update(fs.readFileSync(f))
  }
  return hash.digest('hex')
}

/** The folder of the build made of these sources (it may not exist yet). */
export function serverBuildDir(fingerprint = serverFingerprint()) {
  return path.join(BUILDS_DIR, fingerprint.slice(0, 16))
}

export function serverBuildIsCurrent(fingerprint = serverFingerprint()) {
  return fs.existsSync(path.join(serverBuildDir(fingerprint), 'main.js'))
}

/**
 * Each module's `import.meta.url` is its source file's address, as under tsx: the code finds its migrations, fonts,
 * community data and worker entry next to its source, and those stay where they are.
 */
const keepSourceUrls = {
  name: 'keep-source-urls',
  setup(build) {
    build.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined
      const text = await fs.promises.readFile(args.path, 'utf8')
      return {
        contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
        loader: args.path.endsWith('x') ? 'tsx' : 'ts',
      }
    })
  },
}

/**
 * Bundle into dist/server/<fingerprint>/ (about a second). The build is written aside and renamed into place, so
 * processes starting at once (the split roles) never load a half-written build; builds older than the last two are
 * removed.
 */
export async function bundleServer(fingerprint = serverFingerprint()) {
  const target = serverBuildDir(fingerprint)
  const temporary = `${target}.${process.pid}.tmp`
  fs.rmSync(temporary, { recursive: true, force: true })
  await bundle(ENTRIES, temporary)
  try {
    fs.renameSync(temporary, target)
  } catch {
    fs.rmSync(temporary, { recursive: true, force: true }) // another process built the same sources first
  }
  const older = fs
    .readdirSync(BUILDS_DIR, { withFileTypes: true })
    .filter((e) => e.isDirectory() && /^[0-9a-f]{16}$/.test(e.name) && path.join(BUILDS_DIR, e.name) !== target)
    .map((e) => ({ dir: path.join(BUILDS_DIR, e.name), at: fs.statSync(path.join(BUILDS_DIR, e.name)).mtimeMs }))
    .sort((a, b) => b.at - a.at)
  for (const { dir } of older.slice(1)) fs.rmSync(dir, { recursive: true, force: true })
  return target
}

/**
 * Bundle `entries` ({ name: source }) into `outdir` as the server is bundled: ES modules, packages imported from
 * node_modules, each module's `import.meta.url` its source's. The benchmarks build their child processes with it, so
 * they measure compiled code, as the server runs.
 */
export async function bundle(entries, outdir) {
  const esbuild = await import('esbuild')
  await esbuild.build({
    entryPoints: entries,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [keepSourceUrls],
  })
  fs.writeFileSync(path.join(outdir, 'package.json'), '{ "type": "module" }\n')
}

/** The type check of the whole project (the same as `npm run typecheck`). */
export function typecheck() {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit'], {
    stdio: 'inherit',
    cwd: root,
  })
  if (result.status !== 0) throw new Error('type check failed')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  if (!process.argv.includes('--no-typecheck')) typecheck()
  console.log(`server built into ${path.relative(root, await bundleServer())}/`)
}
