import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Starts bench/bare-koa-child.ts serving `body`; the same Node and tsx as the app, in its own process as the app is. */
export async function startBareKoa(body: Buffer): Promise<{ url: string; stop(): void }> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jst-bare-')), 'body.json')
  fs.writeFileSync(file, body)
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-koa-child.ts'], {
    env: { ...process.env, BARE_BODY_FILE: file },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d: Buffer) => resolve(d.toString().trim()))
    child.once('exit', (code) => reject(new Error(`bare Koa exited with ${code}`)))
  })
  return { url, stop: () => child.kill() }
}

/** The machine's 1-minute load average, for the figures in bench/README.md. */
export const loadAverage = () => os.loadavg()[0].toFixed(2)
