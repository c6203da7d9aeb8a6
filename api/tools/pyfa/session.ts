import type { ChildProcess } from 'node:child_process'
import crypto from 'node:crypto'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import type { FittingEndReason } from '../../../schemas/fitting-constants.js'
import type { Logger } from '../../../platform/log.js'
import type { DisplayLease } from './display-lease.js'
import { delay, exited, killEveryProcessOf, signalGroup, spawnSandboxed, within } from './processes.js'
import { removeSessionFiles } from './session-files.js'
import { xauthorityFile } from './xauth.js'

export interface SessionSetup {
  /** Shell command line of the fitting application. */
  appCommand: string
  screen: { width: number; height: number }
  /** Root-owned folder (0711) holding every session's own folder. */
  runtimeDir: string
  log: Logger
}

/** The X display number was taken by someone else between choosing it and starting Xvfb: pick another. */
export class DisplayBusyError extends Error {}
/** A session could not start; the message is fit to show a person. */
export class SessionStartError extends Error {}

const SESSION_PATH = '/usr/local/bin:/usr/bin:/bin'
const START_TIMEOUT_MS = 15_000
const STOP_GRACE_MS = 2_000

type State = 'new' | 'starting' | 'running' | 'ending' | 'ended'

/**
 * One visitor's desktop: a private X display (Xvfb), the fitting application on it, and a VNC server
 * (x11vnc) on a unix socket inside the session's own folder. All three run as the session's own uid
 * (see `sandboxed`), so no session can read another's files, signal its processes or connect to its
 * display (which also wants the session's X cookie). `end()` removes every trace: processes, folder,
 * X lock and socket files.
 */
export class FittingSession {
  readonly createdAt = Date.now()
  lastInputAt = this.createdAt
  state: State = 'new'
  endReason: FittingEndReason | null = null

  readonly dir: string
  readonly home: string
  readonly vncSocket: string
  readonly display: number
  readonly uid: number
  private readonly xauthority: string
  private xvfb?: ChildProcess
  private vnc?: ChildProcess
  private app?: ChildProcess
  private ending: Promise<void> | null = null
  /** Set once our Xvfb holds the display: only then are the uid's processes and the X files ours to remove. */
  private ownsDisplay = false
  private markEnded!: () => void
  /** Settles once the session is fully torn down (processes gone, files removed). */
  readonly whenEnded = new Promise<void>((resolve) => (this.markEnded = resolve))
  private endListeners: Array<(reason: FittingEndReason) => void> = []
  private log: Logger

  constructor(
    readonly id: string,
    readonly ip: string,
    private lease: DisplayLease,
    private setup: SessionSetup,
  ) {
    this.display = lease.display
    this.uid = lease.uid
    this.dir = path.join(setup.runtimeDir, id)
    this.home = path.join(this.dir, 'home')
    this.vncSocket = path.join(this.dir, 'vnc.sock')
    this.xauthority = path.join(this.dir, 'Xauthority')
    this.log = setup.log.child({ session: id.slice(0, 6), display: this.display })
  }

  get screen() {
    return this.setup.screen
  }

  /** Called once when the session ends, with the reason. */
  onEnd(listener: (reason: FittingEndReason) => void): void {
    this.endListeners.push(listener)
  }

  /** Record user input (keeps the session from idling out). */
  touch(): void {
    this.lastInputAt = Date.now()
  }

  async start(): Promise<void> {
    this.state = 'starting'
    try {
      this.prepareFiles()
      await this.startDisplay()
      this.startApp()
      await this.startVnc()
      // An application that cannot start (a wrong command, a missing library) is usually gone by now.
      await delay(150)
      if (this.state !== 'starting') throw new SessionStartError('The fitting application exited right after it started.')
      this.state = 'running'
      this.lastInputAt = Date.now() // the idle clock starts when the visitor can first see the screen
      this.log.info('fitting session started')
    } catch (err) {
      await this.end('displayFailed')
      throw err
    }
  }

  /** Tear everything down; safe to call many times, every call waits for the same teardown. */
  end(reason: FittingEndReason): Promise<void> {
    this.ending ??= this.teardown(reason)
    return this.ending
  }

  private prepareFiles(): void {
    const own = (dir: string) => {
      fs.mkdirSync(dir, { mode: 0o700 })
      fs.chownSync(dir, this.uid, this.uid)
    }
    own(this.dir)
    own(this.home)
    own(path.join(this.dir, 'tmp'))
    own(path.join(this.dir, 'run'))
    fs.writeFileSync(this.xauthority, xauthorityFile(crypto.randomBytes(16)), { mode: 0o600 })
    fs.chownSync(this.xauthority, this.uid, this.uid)
  }

  private env(): NodeJS.ProcessEnv {
    // Nothing of the server's own environment (credentials, connection strings) reaches the session.
    return {
      PATH: SESSION_PATH,
      HOME: this.home,
      USER: 'fitting',
      LOGNAME: 'fitting',
      SHELL: '/bin/sh',
      LANG: 'C.UTF-8',
      DISPLAY: `:${this.display}`,
      XAUTHORITY: this.xauthority,
      TMPDIR: path.join(this.dir, 'tmp'),
      XDG_RUNTIME_DIR: path.join(this.dir, 'run'),
      NO_AT_BRIDGE: '1',
      // Lets an AppImage run without FUSE (it unpacks into TMPDIR, which goes with the session).
      APPIMAGE_EXTRACT_AND_RUN: '1',
    }
  }

  private spawn(name: string, argv: string[], extraStdio: Array<'pipe'> = []): ChildProcess {
    const child = spawnSandboxed(this.uid, argv, { cwd: this.home, env: this.env(), stdio: ['ignore', 'ignore', 'pipe', ...extraStdio] })
    let stderr = ''
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000)
    })
    child.once('error', (err) => this.log.warn({ err, program: name }, 'could not start'))
    child.once('exit', (code, signal) => {
      this.log.debug({ program: name, code, signal, stderr: stderr.slice(-1000) }, 'session program exited')
      if (this.state === 'running' || this.state === 'starting') void this.end(name === 'app' ? 'appExited' : 'displayFailed')
    })
    Object.defineProperty(child, 'stderrTail', { get: () => stderr })
    return child
  }

  private async startDisplay(): Promise<void> {
    const { width, height } = this.setup.screen
    const xvfb = this.spawn(
      'Xvfb',
      ['Xvfb', `:${this.display}`, '-displayfd', '3', '-screen', '0', `${width}x${height}x24`, '-nolisten', 'tcp', '-auth', this.xauthority, '-dpi', '96'],
      ['pipe'],
    )
    this.xvfb = xvfb
    const ready = new Promise<void>((resolve, reject) => {
      let out = ''
      ;(xvfb.stdio[3] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.includes('\n')) resolve()
      })
      xvfb.once('error', () => reject(new SessionStartError('Xvfb could not be started.')))
      xvfb.once('exit', () => {
        const stderr = (xvfb as ChildProcess & { stderrTail: string }).stderrTail
        if (/already active|server lock|Cannot establish any listening sockets/i.test(stderr)) reject(new DisplayBusyError(`display :${this.display} is taken`))
        else reject(new SessionStartError('The virtual display (Xvfb) stopped while starting.'))
      })
    })
    if (!(await within(ready, START_TIMEOUT_MS))) throw new SessionStartError('The virtual display (Xvfb) did not start in time.')
    await ready
    this.ownsDisplay = true
  }

  private startApp(): void {
    this.app = this.spawn('app', ['/bin/sh', '-c', `exec ${this.setup.appCommand}`])
  }

  private async startVnc(): Promise<void> {
    this.vnc = this.spawn('x11vnc', [
      'x11vnc',
      '-display',
      `:${this.display}`,
      '-auth',
      this.xauthority,
      // A unix socket in the session's 0700 folder instead of a TCP port: no other local user or session
      // can reach it; only this server (root) can, on behalf of the browser holding the session id.
      '-unixsock',
      this.vncSocket,
      // No TCP at all: x11vnc also opens an IPv6 port of its own unless told not to.
      '-rfbport',
      '0',
      '-rfbportv6',
      '0',
      '-forever',
      '-shared',
      '-nopw',
      '-norc',
      '-noremote',
      '-nocmds',
      '-nolookup',
      '-noipv6',
      '-quiet',
      '-desktop',
      'Fitting tool',
    ])
    const deadline = Date.now() + START_TIMEOUT_MS
    while (Date.now() < deadline) {
      if (this.state !== 'starting') throw new SessionStartError('The session stopped while its VNC server was starting.')
      if (await canConnect(this.vncSocket)) return
      await delay(50)
    }
    throw new SessionStartError('The VNC server (x11vnc) did not start in time.')
  }

  private async teardown(reason: FittingEndReason): Promise<void> {
    const wasRunning = this.state === 'running'
    this.state = 'ending'
    this.endReason = reason
    try {
      for (const listener of this.endListeners) {
        try {
          listener(reason)
        } catch (err) {
          this.log.warn({ err }, 'end listener failed')
        }
      }
      const children = [this.app, this.vnc, this.xvfb]
      for (const child of children) signalGroup(child, 'SIGTERM')
      if (!(await within(Promise.all(children.map(exited)), STOP_GRACE_MS))) {
        for (const child of children) signalGroup(child, 'SIGKILL')
        await within(Promise.all(children.map(exited)), STOP_GRACE_MS)
      }
      if (this.ownsDisplay) {
        await killEveryProcessOf(this.uid)
        removeSessionFiles({ runtimeDir: this.setup.runtimeDir, id: this.id, uid: this.uid, display: this.display }, this.log)
      } else {
        // The display turned out to be someone else's: remove only our own folder.
        fs.rmSync(this.dir, { recursive: true, force: true })
      }
      this.lease.release()
    } catch (err) {
      // The lease is kept: the display stays out of use until a restarted server cleans up.
      this.log.error({ err }, 'fitting session teardown failed')
    } finally {
      this.state = 'ended'
      this.markEnded()
    }
    if (wasRunning) this.log.info({ reason, minutes: Math.round((Date.now() - this.createdAt) / 60_000) }, 'fitting session ended')
  }
}

function canConnect(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(socketPath)
    socket.once('connect', () => {
      socket.destroy()
      resolve(true)
    })
    socket.once('error', () => resolve(false))
  })
}
