import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createClickHouse } from '../platform/clickhouse/client.js'
import { loadCatalog } from '../platform/catalog/load.js'
import { IMPORT_HEAP_MB } from '../ingest/static/run-child.js'

/** Issue #3 targets: full import < 60 s and < 1.5 GB peak; catalog boot < 3 s; resolve 10,000 names < 50 ms. */
export async function run() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jst-bench-static-'))
  try {
    const started = performance.now()
    const result = spawnSync(process.execPath, [`--max-old-space-size=${IMPORT_HEAP_MB}`, '--import', 'tsx', 'ingest/static/cli.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      encoding: 'utf8',
    })
    const wall = (performance.now() - started) / 1000
    if (result.status !== 0) throw new Error(`import failed: ${result.stderr || result.stdout}`)
    const peak = /peak memory (\d+) MB/.exec(result.stdout)?.[1]
    console.log(`full import: ${wall.toFixed(1)} s wall (target < 60 s), peak memory ${peak} MB (target < 1536 MB)`)

    const ch = await createClickHouse({
      DATA_DIR: dataDir,
      CLICKHOUSE_URL: undefined,
      CLICKHOUSE_USER: 'default',
      CLICKHOUSE_PASSWORD: '',
      CLICKHOUSE_DATABASE: 'default',
    })
    const t0 = performance.now()
    const catalog = (await loadCatalog(ch))!
    console.log(
      `catalog load at api boot: ${Math.round(performance.now() - t0)} ms (target < 3000 ms), heap ${Math.round(process.memoryUsage().heapUsed / 1e6)} MB`,
    )

    const published = [...catalog.types.values()].filter((t) => t.published)
    const names = Array.from({ length: 10_000 }, (_, i) => {
      const t = published[(i * 7919) % published.length]
      return i % 3 === 0 ? t.name.toUpperCase() + '\u00a0' : i % 3 === 1 ? String(t.type_id) : t.name
    })
    for (const n of names.slice(0, 500)) catalog.resolve(n) // warm up
    const times: number[] = []
    for (let round = 0; round < 10; round++) {
      const t = performance.now()
      let found = 0
      for (const n of names) if (catalog.resolve(n)) found++
      times.push(performance.now() - t)
      if (found !== names.length) throw new Error(`resolved only ${found} of ${names.length}`)
    }
    times.sort((a, b) => a - b)
    console.log(`resolve 10,000 names: median ${times[5].toFixed(1)} ms, worst ${times[9].toFixed(1)} ms (target < 50 ms)`)
    await ch.close()
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}
