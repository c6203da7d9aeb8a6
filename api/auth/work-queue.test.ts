import { describe, expect, it } from 'vitest'
import { QueueFullError, WorkQueue } from './work-queue.js'

function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { open, opened }
}

describe('WorkQueue', () => {
  it('runs at most `concurrency` tasks, queues `maxWaiting`, and refuses the rest at once', async () => {
    const queue = new WorkQueue(1, 2)
    const gates = Array.from({ length: 3 }, gate)
    const started: number[] = []
    const runs = gates.map((g, i) => queue.run(async () => (started.push(i), await g.opened, i)))
    await expect(queue.run(async () => 'late')).rejects.toBeInstanceOf(QueueFullError)
    await Promise.resolve()
    expect(started).toEqual([0])
    expect(queue.size).toEqual({ running: 1, waiting: 2 })
    gates[0].open()
    expect(await runs[0]).toBe(0)
    await Promise.resolve()
    expect(started).toEqual([0, 1])
    gates[1].open()
    gates[2].open()
    expect(await Promise.all(runs)).toEqual([0, 1, 2])
    expect(queue.size).toEqual({ running: 0, waiting: 0 })
    expect(await queue.run(async () => 'again')).toBe('again')
  })

  it('frees the place of a task that fails', async () => {
    const queue = new WorkQueue(1, 0)
    await expect(queue.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom')
    expect(await queue.run(async () => 'next')).toBe('next')
  })
})
