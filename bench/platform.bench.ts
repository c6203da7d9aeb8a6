import fs from 'node:fs'
import path from 'node:path'
import { startAppProcess } from '../platform/testing/app-process.js'
import { load, printLoad } from './lib.js'
import { uiSizeReport } from './ui-size.js'

/** Issue #2 targets: initial JS ≤ 150 KB gzipped; start to first served page < 5 s with data imported. */
export async function run() {
  const size = uiSizeReport()
  console.log(`\nUI: initial JS for / = ${size.initialGzipKB} KB gzipped (target ≤ 150 KB) in ${size.initialFiles.length} file(s)`)
  console.table(size.lazy.slice(0, 15))

  const dataDir = path.resolve('var/bench-app')
  fs.mkdirSync(dataDir, { recursive: true })
  // First start may import static data; the measured start is the second one.
  const warm = await startAppProcess({ DATA_DIR: dataDir })
  await warm.stop()
  const started = performance.now()
  const app = await startAppProcess({ DATA_DIR: dataDir })
  let firstPageMs = 0
  for (;;) {
    const res = await fetch(app.url + '/').catch(() => null)
    if (res?.ok) {
      firstPageMs = Math.round(performance.now() - started)
      break
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  console.log(`start to first served page: ${firstPageMs} ms (target < 5000 ms)`)
  try {
    printLoad([await load('GET /api/health', `${app.url}/api/health`), await load('GET /', `${app.url}/`)])
  } finally {
    await app.stop()
  }
}
