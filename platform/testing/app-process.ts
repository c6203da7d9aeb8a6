import { spawn, type ChildProcess } from 'node:child_process'
import path from 'node:path'

export interface AppProcess {
  url: string
  /** The fake ESI's URL when the process is the demo (`api/demo.ts`). */
  fakeEsiUrl: string | null
  child: ChildProcess
  stop(): Promise<void>
  /** Everything the process printed (for diagnosing a failed start). */
  output(): string
}

/**
 * Start the real server (`api/main.ts`) as a child process on a free port, the way `npm start` does,
 * and resolve once it prints `LISTENING <url>`.
 */
export function startAppProcess(env: Record<string, string>, timeoutMs = 240_000, entry = 'api/main.ts'): Promise<AppProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.resolve(entry)], {
      // The live zKillboard feed stays off in test and bench servers unless the caller turns it on.
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ZKILL_FEED_ENABLED: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    let settled = false
    const timer = setTimeout(() => {
      if (settled) return
      settled = true
      child.kill('SIGKILL')
      reject(new Error(`app did not start within ${timeoutMs} ms:\n${out.slice(-4000)}`))
    }, timeoutMs)
    const onData = (chunk: Buffer) => {
      out += chunk.toString()
      if (out.length > 200_000) out = out.slice(-100_000)
      const match = /LISTENING (http:\/\/\S+)/.exec(out)
      if (match && !settled) {
        settled = true
        clearTimeout(timer)
        resolve({
          url: match[1],
          fakeEsiUrl: /FAKE_ESI (http:\/\/\S+)/.exec(out)?.[1] ?? null,
          child,
          output: () => out,
          stop: () =>
            new Promise<void>((done) => {
              if (child.exitCode !== null) return done()
              const kill = setTimeout(() => child.kill('SIGKILL'), 10_000)
              child.once('exit', () => {
                clearTimeout(kill)
                done()
              })
              child.kill('SIGTERM')
            }),
        })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      reject(new Error(`app exited with code ${code} before listening:\n${out.slice(-4000)}`))
    })
  })
}
