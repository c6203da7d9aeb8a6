import { spawn } from 'node:child_process'

export interface MockKafka {
  brokers: string[]
  stop(): Promise<void>
}

/**
 * A real Kafka-protocol cluster on loopback: librdkafka's mock cluster, started through Debian's kcat.
 * kcat prints `bootstrap.servers=...` on stderr and serves until killed. Its stderr is drained for
 * the whole life of the process (the mock's debug output would otherwise fill the pipe and stall it).
 */
export function startMockKafka(brokerCount = 3, timeoutMs = 15_000): Promise<MockKafka> {
  return new Promise((resolve, reject) => {
    const child = spawn('kcat', ['-X', `test.mock.num.brokers=${brokerCount}`, '-b', 'localhost:1', '-C', '-t', 'warmup', '-d', 'mock'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let buffered = ''
    let found = false
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error('kcat mock cluster did not print its bootstrap servers in time'))
    }, timeoutMs)
    child.on('error', (err) => {
      clearTimeout(timer)
      reject(new Error(`could not start kcat (install Debian's kcat package): ${err.message}`))
    })
    child.stderr.on('data', (chunk: Buffer) => {
      if (found) return
      buffered += chunk.toString()
      const match = /bootstrap\.servers=([0-9.:,]+)/.exec(buffered)
      if (!match) return
      found = true
      buffered = ''
      clearTimeout(timer)
      resolve({
        brokers: match[1].split(','),
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done()
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}
