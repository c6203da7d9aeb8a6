/** Thrown by `WorkQueue.run` when every place in the queue is taken: answer at once instead of waiting. */
export class QueueFullError extends Error {
  constructor() {
    super('The queue is full')
  }
}

/**
 * A small bounded queue for expensive work (argon2: 64 MiB and about 130 ms of a core per login). At most
 * `concurrency` tasks run and `maxWaiting` wait; past that `run` throws `QueueFullError` at once. Forty logins
 * at once used to take every core and libuv thread and pushed a database read from 33 ms to 6 s (issue #39).
 */
export class WorkQueue {
  private running = 0
  private waiting: Array<() => void> = []

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get size(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length }
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new QueueFullError()
      await new Promise<void>((resolve) => this.waiting.push(resolve))
    } else {
      this.running++
    }
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next)
        next() // the place passes straight to the next task
      else this.running--
    }
  }
}
