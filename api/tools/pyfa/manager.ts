import crypto from 'node:crypto'
import fs from 'node:fs'
import { clientGroup } from '../../http/client-ip.js'
import type { Config } from '../../../schemas/config.js'
import { FittingCloseCode, type FittingEndReason } from '../../../schemas/fitting-constants.js'
import type { Logger } from '../../../platform/log.js'
import { leaseDisplay, reapStaleSessions, type LeaseRange } from './display-lease.js'
import { findExecutable } from './processes.js'
import { DisplayBusyError, FittingSession, SessionStartError, type SessionSetup } from './session.js'
import { X_SOCKET_DIR } from './session-files.js'

export interface ManagerSettings {
  appCommand: string
  maxSessions: number
  maxSessionsPerIp: number
  idleTimeoutMs: number
  disconnectGraceMs: number
  screen: { width: number; height: number }
  runtimeDir: string
  displayBase: number
  uidBase: number
}

export function managerSettings(config: Config): ManagerSettings {
  const [width, height] = config.FITTING_SCREEN.split('x').map(Number)
  return {
    appCommand: config.FITTING_APP_COMMAND,
    maxSessions: config.FITTING_MAX_SESSIONS,
    maxSessionsPerIp: config.FITTING_MAX_SESSIONS_PER_IP,
    idleTimeoutMs: config.FITTING_IDLE_TIMEOUT_SECONDS * 1000,
    disconnectGraceMs: config.FITTING_DISCONNECT_GRACE_SECONDS * 1000,
    screen: { width, height },
    runtimeDir: config.FITTING_RUNTIME_DIR,
    displayBase: config.FITTING_DISPLAY_BASE,
    uidBase: config.FITTING_UID_BASE,
  }
}

/** Sessions cannot start on this server at all; the message says why (for the page and the operator). */
export class FittingUnavailableError extends Error {}

/** A concurrency limit is reached. */
export class FittingLimitError extends Error {
  constructor(
    readonly limit: 'ip' | 'global',
    readonly max: number,
    message: string,
  ) {
    super(message)
  }
}

/** How long a visitor turned away by a full server is told to wait before trying again. */
export const LIMIT_RETRY_SECONDS = 30

/** Programs a session needs besides the fitting application itself. */
const REQUIRED_PROGRAMS = [
  { name: 'Xvfb', pkg: 'xvfb' },
  { name: 'x11vnc', pkg: 'x11vnc' },
  { name: 'setpriv', pkg: 'util-linux' },
  { name: 'prlimit', pkg: 'util-linux' },
  { name: 'nice', pkg: 'coreutils' },
]

/** A browser attached to a session: the proxy gives a way to close it with a code. */
export interface Viewer {
  close(code: number, reason: string): void
}

interface Tracked {
  session: FittingSession
  viewer: Viewer | null
  /** Whether the attached viewer finished the VNC handshake; until then the grace period runs as if it were gone. */
  ready: boolean
  /** The page (its random viewer id) that attached last; kept after it disconnects. */
  lastViewerId: string | null
  idleTimer?: NodeJS.Timeout
  graceTimer?: NodeJS.Timeout
}

/**
 * The fitting sessions of this server process: starts them within the per-IP and global limits, ends them
 * after the idle timeout or when no browser has been attached for the grace period, and ends all of them when
 * the server stops. Ended sessions are remembered for a while so a late visitor learns why.
 */
export class FittingSessionManager {
  private sessions = new Map<string, Tracked>()
  /** Places reserved by sessions being started: they count against the limits until the start succeeds or fails. */
  private starting: Array<{ ip: string }> = []
  private ended = new Map<string, FittingEndReason>()
  private stopping = false
  private prepared: Promise<void> | null = null
  private setupProblem: string | null = null

  constructor(
    readonly settings: ManagerSettings,
    private log: Logger,
  ) {
    // Clean up after a server that crashed as soon as possible, not at the first visitor.
    if (this.availability() === null) void this.prepare()
  }

  /** Why sessions cannot start here, or null when they can. */
  availability(): string | null {
    if (this.setupProblem) return this.setupProblem
    if (!this.settings.appCommand) return 'its operator has not set up a fitting application.'
    for (const program of REQUIRED_PROGRAMS) {
      if (!findExecutable(program.name)) return `${program.name} is not installed (Debian package ${program.pkg}).`
    }
    const app = this.settings.appCommand.split(/\s+/)[0]
    if (!findExecutable(app, '/usr/local/bin:/usr/bin:/bin')) return `the fitting application (${app}) is not installed.`
    if (process.getuid?.() !== 0) return 'the server does not run as root, so it cannot give each session a user of its own.'
    return null
  }

  status() {
    const reason = this.availability()
    return {
      available: reason === null,
      reason: reason === null ? null : `The fitting tool is not available on this server: ${reason}`,
      activeSessions: this.occupants().length,
      maxSessions: this.settings.maxSessions,
      maxSessionsPerIp: this.settings.maxSessionsPerIp,
      idleTimeoutSeconds: this.settings.idleTimeoutMs / 1000,
    }
  }

  get(id: string): FittingSession | undefined {
    const tracked = this.sessions.get(id)
    return tracked?.session.state === 'running' ? tracked.session : undefined
  }

  /** Why a session that is gone ended, while that is still remembered. */
  endedReason(id: string): FittingEndReason | undefined {
    return this.ended.get(id)
  }

  isViewerAttached(id: string): boolean {
    return Boolean(this.sessions.get(id)?.viewer)
  }

  /** Start a session for a visitor; throws FittingUnavailableError, FittingLimitError or SessionStartError. */
  async create(ip: string): Promise<FittingSession> {
    if (this.stopping) throw new FittingUnavailableError('The server is shutting down.')
    const reason = this.availability()
    if (reason) throw new FittingUnavailableError(`The fitting tool is not available on this server: ${reason}`)
    const client = clientGroup(ip)
    this.checkLimits(client)
    const reservation = { ip: client }
    this.starting.push(reservation)
    const release = () => {
      const at = this.starting.indexOf(reservation)
      if (at >= 0) this.starting.splice(at, 1)
    }
    try {
      return await this.launch(client)
    } finally {
      release()
    }
  }

  private async launch(ip: string): Promise<FittingSession> {
    await this.prepare()
    if (this.setupProblem) throw new FittingUnavailableError(`The fitting tool is not available on this server: ${this.setupProblem}`)

    const setup: SessionSetup = { appCommand: this.settings.appCommand, screen: this.settings.screen, runtimeDir: this.settings.runtimeDir, log: this.log }
    const range: LeaseRange = { runtimeDir: this.settings.runtimeDir, displayBase: this.settings.displayBase, uidBase: this.settings.uidBase, count: 1000 }
    for (let attempt = 0; attempt < 5; attempt++) {
      const id = crypto.randomBytes(16).toString('base64url')
      const lease = await leaseDisplay(range, id, this.log)
      if (!lease) throw new SessionStartError('No free display number is left on this server.')
      const session = new FittingSession(id, ip, lease, setup)
      const tracked: Tracked = { session, viewer: null, ready: false, lastViewerId: null }
      this.sessions.set(id, tracked)
      session.onEnd((why) => this.forget(tracked, why))
      try {
        await session.start()
      } catch (err) {
        await session.end('displayFailed')
        this.sessions.delete(id)
        this.ended.delete(id)
        if (err instanceof DisplayBusyError) continue
        throw err instanceof SessionStartError ? err : new SessionStartError('The session could not be started.')
      }
      if (this.stopping) {
        await session.end('shutdown')
        throw new FittingUnavailableError('The server is shutting down.')
      }
      this.scheduleIdleCheck(tracked)
      this.startGrace(tracked) // until the page connects
      return session
    }
    throw new SessionStartError('No free display could be claimed; try again.')
  }

  /** End a session on purpose; false when there is no such session. */
  async end(id: string, reason: FittingEndReason = 'ended'): Promise<boolean> {
    const tracked = this.sessions.get(id)
    if (!tracked) return false
    await tracked.session.end(reason)
    return true
  }

  /**
   * Whether a page coming back by itself after its connection dropped may attach: only when no other page has
   * attached since, so it never takes the session back from a newer tab. Its own old connection may still
   * look attached (the server learns of a dead connection only at the next unanswered ping).
   */
  mayResume(session: FittingSession, viewerId: string | null): boolean {
    const tracked = this.sessions.get(session.id)
    return Boolean(tracked && viewerId && tracked.lastViewerId === viewerId)
  }

  /** A browser connected: it replaces any earlier one. Returns the function to call when it disconnects. */
  attachViewer(session: FittingSession, viewer: Viewer, viewerId: string | null = null): () => void {
    const tracked = this.sessions.get(session.id)
    if (!tracked) {
      viewer.close(FittingCloseCode.abandoned, 'session is gone')
      return () => {}
    }
    tracked.viewer?.close(FittingCloseCode.replaced, 'opened elsewhere')
    tracked.viewer = viewer
    tracked.ready = false
    tracked.lastViewerId = viewerId
    // Not yet a viewer: until it finishes the VNC handshake (`viewerReady`) the grace period runs, or keeps
    // running, as if it were gone. Viewers that open the socket and never shake hands held sessions until the
    // idle timeout (issue #39).
    if (!tracked.graceTimer && tracked.session.state === 'running') this.startGrace(tracked)
    return () => {
      if (tracked.viewer !== viewer) return
      tracked.viewer = null
      tracked.ready = false
      if (tracked.session.state === 'running' && !tracked.graceTimer) this.startGrace(tracked)
    }
  }

  /** The viewer finished the VNC handshake: it holds the session from now on, and the grace period stops. */
  viewerReady(session: FittingSession, viewer: Viewer): void {
    const tracked = this.sessions.get(session.id)
    if (!tracked || tracked.viewer !== viewer) return
    tracked.ready = true
    clearTimeout(tracked.graceTimer)
    tracked.graceTimer = undefined
  }

  /** End every session (server shutdown) and wait until all are cleaned up. */
  async stopAll(): Promise<void> {
    this.stopping = true
    await Promise.all([...this.sessions.values()].map((t) => t.session.end('shutdown')))
  }

  private checkLimits(ip: string): void {
    const all = this.occupants()
    const mine = all.filter((address) => address === ip).length
    if (mine >= this.settings.maxSessionsPerIp) {
      const n = this.settings.maxSessionsPerIp
      throw new FittingLimitError(
        'ip',
        n,
        `You already have ${n} fitting session${n === 1 ? '' : 's'} open, the most one address may have. End one (End session) or close its page; a closed page frees its session within ${this.graceText()}.`,
      )
    }
    if (all.length >= this.settings.maxSessions) {
      throw new FittingLimitError(
        'global',
        this.settings.maxSessions,
        `All ${this.settings.maxSessions} fitting sessions on this server are in use. Sessions end when their users close them or after ${this.idleText()} without input. Try again in ${LIMIT_RETRY_SECONDS} seconds.`,
      )
    }
  }

  /**
   * The address of every session that holds a place: running ones, and starting ones by their reservation.
   * A session that is ending no longer counts, so a visitor who just pressed End session can start again
   * at once (its teardown takes a moment more).
   */
  private occupants(): string[] {
    const running = [...this.sessions.values()].filter((t) => t.session.state === 'running').map((t) => t.session.ip)
    return [...running, ...this.starting.map((r) => r.ip)]
  }

  private scheduleIdleCheck(tracked: Tracked): void {
    const due = tracked.session.lastInputAt + this.settings.idleTimeoutMs - Date.now()
    tracked.idleTimer = setTimeout(
      () => {
        if (tracked.session.state !== 'running') return
        if (Date.now() - tracked.session.lastInputAt >= this.settings.idleTimeoutMs) void tracked.session.end('idle')
        else this.scheduleIdleCheck(tracked)
      },
      Math.max(due, 0) + 5,
    )
    tracked.idleTimer.unref()
  }

  private startGrace(tracked: Tracked): void {
    clearTimeout(tracked.graceTimer)
    tracked.graceTimer = setTimeout(() => {
      tracked.graceTimer = undefined
      if (tracked.ready || tracked.session.state !== 'running') return
      tracked.viewer?.close(FittingCloseCode.abandoned, 'no viewer finished connecting')
      void tracked.session.end('abandoned')
    }, this.settings.disconnectGraceMs)
    tracked.graceTimer.unref()
  }

  private forget(tracked: Tracked, reason: FittingEndReason): void {
    clearTimeout(tracked.idleTimer)
    clearTimeout(tracked.graceTimer)
    tracked.viewer?.close(FittingCloseCode[reason], reason)
    tracked.viewer = null
    const id = tracked.session.id
    this.ended.set(id, reason)
    if (this.ended.size > 1000) this.ended.delete(this.ended.keys().next().value!)
    void tracked.session.whenEnded.then(() => {
      if (this.sessions.get(id) === tracked) this.sessions.delete(id)
    })
  }

  private prepare(): Promise<void> {
    this.prepared ??= this.prepareRuntimeDir().catch((err: Error) => {
      this.log.error({ err }, 'fitting sessions cannot start')
      this.setupProblem = `its session folder could not be prepared (${err.message}).`
    })
    return this.prepared
  }

  private async prepareRuntimeDir(): Promise<void> {
    const dir = this.settings.runtimeDir
    fs.mkdirSync(dir, { recursive: true, mode: 0o711 })
    const stat = fs.statSync(dir)
    if (stat.uid !== process.getuid?.()) throw new Error(`${dir} belongs to another user; refusing to keep fitting sessions there`)
    fs.chmodSync(dir, 0o711) // sessions may pass through to their own folder, not list the others
    // X servers of unprivileged users need the shared socket folder to exist, sticky and world-writable.
    fs.mkdirSync(X_SOCKET_DIR, { recursive: true })
    if (fs.statSync(X_SOCKET_DIR).uid === 0) fs.chmodSync(X_SOCKET_DIR, 0o1777)
    const reaped = await reapStaleSessions(dir, this.log)
    if (reaped) this.log.info({ reaped }, 'removed fitting sessions left by an earlier server')
  }

  private idleText(): string {
    return durationText(this.settings.idleTimeoutMs)
  }

  private graceText(): string {
    return durationText(this.settings.disconnectGraceMs)
  }
}

export { clientGroup }

export function durationText(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds % 3600 === 0) return `${seconds / 3600} hour${seconds === 3600 ? '' : 's'}`
  if (seconds % 60 === 0) return `${seconds / 60} minute${seconds === 60 ? '' : 's'}`
  return `${seconds} second${seconds === 1 ? '' : 's'}`
}
