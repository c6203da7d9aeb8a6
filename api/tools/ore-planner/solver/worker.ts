import { parentPort } from 'node:worker_threads'
import { loadHighs, solveWithHighs, type MipModel, type MipOptions } from './mip.js'

/** The solver thread: one HiGHS instance answering `{id, model, options}` with `{id, result}` or `{id, error}`. */
const highs = await loadHighs()
// One tiny solve so the first real plan does not pay for WebAssembly warm-up.
solveWithHighs(highs, { costs: [1], upper: [1], integer: true, rows: [{ min: 1, cols: [0], coefs: [1] }] }, { timeLimitMs: 1000, absGap: 0.5 })

parentPort!.on('message', (job: { id: number; model: MipModel; options: MipOptions }) => {
  try {
    parentPort!.postMessage({ id: job.id, result: solveWithHighs(highs, job.model, job.options) })
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) })
  }
})
parentPort!.postMessage({ ready: true })
