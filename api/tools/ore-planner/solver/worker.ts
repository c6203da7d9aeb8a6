import { parentPort } from 'node:worker_threads'
import { CoveringSearch, type CoveringProblem } from './branch-and-bound.js'
import { runGroupSearch } from './group-search.js'
import { loadHighs, solveWithHighs, type MipModel, type MipOptions } from './mip.js'

/** A job for the solver thread: a HiGHS model, or one of the planner's own exact searches of its program. */
export type SolverRequest = { model: MipModel; options: MipOptions } | { search: CoveringProblem } | { groupSearch: CoveringProblem }

/** The solver thread: one HiGHS instance answering `{id, ...request}` with `{id, result}` or `{id, error}`. */
// A one-variable solve here did not warm HiGHS up (docs/tools/compressed.md, Seventh session); `warm-up.ts` does.
const highs = await loadHighs()

parentPort!.on('message', (job: { id: number } & SolverRequest) => {
  try {
    const result =
      'search' in job
        ? new CoveringSearch(job.search).run()
        : 'groupSearch' in job
          ? runGroupSearch(job.groupSearch)
          : solveWithHighs(highs, job.model, job.options)
    parentPort!.postMessage({ id: job.id, result })
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) })
  }
})
parentPort!.postMessage({ ready: true })
