/**
 * `npm run bench` runs every benchmark; `npm run bench -- platform prices` runs the named ones.
 * Each `bench/<name>.bench.ts` exports `run()` and prints its measurements next to the target.
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const dir = path.dirname(fileURLToPath(import.meta.url))
const available = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .map((f) => f.replace('.bench.ts', ''))
  .sort()
const wanted = process.argv.slice(2)
const unknown = wanted.filter((w) => !available.includes(w))
if (unknown.length) {
  console.error(`Unknown benchmark(s): ${unknown.join(', ')}. Available: ${available.join(', ')}`)
  process.exit(2)
}
for (const name of wanted.length ? wanted : available) {
  console.log(`\n=== ${name} ===`)
  const mod = (await import(pathToFileURL(path.join(dir, `${name}.bench.ts`)).href)) as { run: () => Promise<void> }
  await mod.run()
}
process.exit(0)
