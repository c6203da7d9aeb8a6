import { Worker } from 'node:worker_threads'
import type { CoveringResult, SearchRunner } from './branch-and-bound.js'
import type { MipResult, MipRunner } from './mip.js'
import type { SolverRequest } from './worker.js'

/** Thrown when more solves are waiting than the pool accepts; the route answers 503. */
export class SolverBusyError extends Error {}

/** Thrown to warm-up work once a plan has asked for the thread (see `SolverPool.warmUpRun`). */
export class WarmUpCancelled extends Error {}
const warmUpCancelled = () => new WarmUpCancelled('a plan is using the solver thread')

interface Job {
  id: number
  request: SolverRequest
  timeLimitMs: number
  resolve: (r: MipResult | CoveringResult) => void
  reject: (e: Error) => void
  warmUp: boolean
}

/** Extra time a solve may take past its own limit before the thread is presumed stuck and replaced. */
const GRACE_MS = 15_000

/**
 * One solver thread, fed one job at a time: a HiGHS model or an exact search (`branch-and-bound.ts`, `group-search.ts`). Each blocks
 * the thread it runs on for as long as it takes (up to the planner's time limit), so it runs here and the api's
 * event loop keeps serving other requests.
 * The thread starts on first use; a crash or a hang rejects the job in hand and the next job starts a new thread.
 */
export class SolverPool {
  private worker: Worker | null = null
  private ready: Promise<void> | null = null
  private queue: Job[] = []
  private current: Job | null = null
  private timer: NodeJS.Timeout | null = null
  private nextId = 1
  private planSeen = false

  constructor(private readonly maxWaiting = 32) {}

  readonly run: MipRunner = (model, options) => this.submit({ model, options }, options.timeLimitMs, false) as Promise<MipResult>

  readonly search: SearchRunner = (problem) => this.submit({ search: problem }, problem.timeLimitMs, false) as Promise<CoveringResult>

  /** The group search (`group-search.ts`), which answers ISK and blend plans. */
  readonly groupSearch: SearchRunner = (problem) => this.submit({ groupSearch: problem }, problem.timeLimitMs, false) as Promise<CoveringResult>

  /**
   * Like `run`, for work that only warms the thread up. It gives way to plans: once any plan has asked for the
   * thread, a warm-up job not yet handed to the thread and every later one reject with `WarmUpCancelled`, so a plan
   * waits at most for the one warm-up solve already running.
   */
  readonly warmUpRun: MipRunner = (model, options) => this.submit({ model, options }, options.timeLimitMs, true) as Promise<MipResult>

  /** Like `search`, for work that only warms the thread up; it gives way to plans as `warmUpRun` does. */
  readonly warmUpSearch: SearchRunner = (problem) => this.submit({ search: problem }, problem.timeLimitMs, true) as Promise<CoveringResult>

  /** Like `groupSearch`, for warm-up work. */
  readonly warmUpGroupSearch: SearchRunner = (problem) => this.submit({ groupSearch: problem }, problem.timeLimitMs, true) as Promise<CoveringResult>

  private submit(request: SolverRequest, timeLimitMs: number, warmUp: boolean) {
    return new Promise<MipResult | CoveringResult>((resolve, reject) => {
      if (warmUp && this.planSeen) return reject(warmUpCancelled())
      if (!warmUp) {
        this.planSeen = true
        for (const job of this.queue.filter((j) => j.warmUp)) job.reject(warmUpCancelled())
        this.queue = this.queue.filter((j) => !j.warmUp)
      }
      if (this.queue.length >= this.maxWaiting) return reject(new SolverBusyError('The planner is busy; try again in a few seconds'))
      this.queue.push({ id: this.nextId++, request, timeLimitMs, resolve, reject, warmUp })
      void this.pump()
    })
  }

  async close(): Promise<void> {
    const w = this.worker
    this.worker = null
    this.ready = null
    await w?.terminate()
  }

  private start(): Promise<void> {
    // Worker threads do not inherit tsx's loader, so the thread registers it before importing the TypeScript entry.
    const entry = new URL('./worker.ts', import.meta.url).href
    const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}) })`, { eval: true })
    worker.unref()
    this.worker = worker
    const ready = new Promise<void>((resolve, reject) => {
      worker.once('message', (m: { ready?: boolean }) => (m.ready ? resolve() : reject(new Error('solver thread did not start'))))
      worker.once('error', reject)
    })
    worker.on('message', (m: { id?: number; result?: MipResult | CoveringResult; error?: string }) => {
      if (m.id === undefined || m.id !== this.current?.id) return
      const job = this.current
      this.finish()
      if (m.error !== undefined) job.reject(new Error(m.error))
      else job.resolve(m.result!)
    })
    worker.on('error', (err) => this.fail(worker, err))
    worker.on('exit', (code) => this.fail(worker, new Error(`solver thread exited (code ${code})`)))
    return ready
  }

  private async pump(): Promise<void> {
    if (this.current || this.queue.length === 0) return
    const job = this.queue.shift()!
    this.current = job
    try {
      this.ready ??= this.start()
      await this.ready
    } catch (err) {
      this.ready = null
      this.worker = null
      this.finish()
      job.reject(err as Error)
      return
    }
    if (this.current !== job) return
    if (job.warmUp && this.planSeen) {
      // A plan arrived while the thread was starting: it goes first.
      this.finish()
      job.reject(warmUpCancelled())
      return
    }
    this.timer = setTimeout(() => {
      const stuck = this.worker
      if (stuck) this.fail(stuck, new Error('solver thread stopped answering'))
      void stuck?.terminate()
    }, job.timeLimitMs + GRACE_MS)
    this.timer.unref()
    this.worker!.postMessage({ id: job.id, ...job.request })
  }

  private finish(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.current = null
    void this.pump()
  }

  private fail(worker: Worker, err: Error): void {
    if (this.worker !== worker) return
    this.worker = null
    this.ready = null
    const job = this.current
    if (job) {
      this.finish()
      job.reject(err)
    }
  }
}
