import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from '../../../platform/log.js'
import { killEveryProcessOf, processesOfUid } from './processes.js'
import { removeSessionFiles } from './session-files.js'

/**
 * A claim on one X display number, and with it on one session uid (uid base + display number), shared by
 * every server process on the machine: a file `display-N.json` in the runtime folder, created exclusively.
 * Two servers (or test runs) can never give the same uid to two sessions, because ending a session kills
 * every process of its uid.
 *
 * The file names its owner (pid and process start time, so a reused pid is not mistaken for the owner)
 * and its session, so the next server can clean up after one that crashed.
 */
export interface DisplayLease {
  display: number
  uid: number
  sessionId: string
  release(): void
}

interface LeaseFile {
  pid: number
  started: string
  sessionId: string
  display: number
  uid: number
}

export interface LeaseRange {
  runtimeDir: string
  displayBase: number
  uidBase: number
  /** How many display numbers to try. */
  count: number
}

const leasePath = (runtimeDir: string, display: number) => path.join(runtimeDir, `display-${display}.json`)

/** Claim the first free display number, or null when every one in the range is taken. */
export async function leaseDisplay(range: LeaseRange, sessionId: string, log: Logger): Promise<DisplayLease | null> {
  for (let display = range.displayBase; display < range.displayBase + range.count; display++) {
    const uid = range.uidBase + display
    // A display some other X server (not ours) is using.
    if (fs.existsSync(`/tmp/.X${display}-lock`) && !fs.existsSync(leasePath(range.runtimeDir, display))) continue
    const file = leasePath(range.runtimeDir, display)
    const lease = claim(file, { pid: process.pid, started: processStartTime(process.pid) ?? '', sessionId, display, uid })
    if (!lease) {
      if (await reapIfStale(range.runtimeDir, display, log)) display-- // freed: try the same number again
      continue
    }
    if (processesOfUid(uid).length > 0 || fs.existsSync(`/tmp/.X${display}-lock`)) {
      // Someone else's display or processes with this uid and no claim here (another runtime folder, a claim
      // removed by hand): never touch them, use another number.
      log.warn({ display, uid }, 'display or session uid in use without a claim in this runtime folder; skipping it')
      fs.rmSync(file, { force: true })
      continue
    }
    return { display, uid, sessionId, release: () => fs.rmSync(file, { force: true }) }
  }
  return null
}

/** Clean up after every session whose server is gone (at start, so a crash leaves nothing behind for long). */
export async function reapStaleSessions(runtimeDir: string, log: Logger): Promise<number> {
  let reaped = 0
  let entries: string[] = []
  try {
    entries = fs.readdirSync(runtimeDir)
  } catch {
    return 0
  }
  for (const entry of entries) {
    const match = /^display-(\d+)\.json$/.exec(entry)
    if (match && (await reapIfStale(runtimeDir, Number(match[1]), log))) reaped++
  }
  return reaped
}

async function reapIfStale(runtimeDir: string, display: number, log: Logger): Promise<boolean> {
  const file = leasePath(runtimeDir, display)
  let lease: LeaseFile
  try {
    lease = JSON.parse(fs.readFileSync(file, 'utf8')) as LeaseFile
  } catch {
    return false // gone meanwhile, or being written right now
  }
  if (ownerAlive(lease) || lease.display !== display) return false
  log.warn({ display, session: lease.sessionId.slice(0, 6) }, 'cleaning up a fitting session left by a server that stopped')
  await killEveryProcessOf(lease.uid)
  removeSessionFiles({ runtimeDir, id: lease.sessionId, uid: lease.uid, display }, log)
  fs.rmSync(file, { force: true })
  return true
}

function claim(file: string, lease: LeaseFile): boolean {
  let fd: number
  try {
    fd = fs.openSync(file, 'wx', 0o600)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  }
  try {
    fs.writeSync(fd, JSON.stringify(lease))
  } finally {
    fs.closeSync(fd)
  }
  return true
}

function ownerAlive(lease: LeaseFile): boolean {
  const started = processStartTime(lease.pid)
  return started !== null && started === lease.started
}

/** Field 22 of /proc/PID/stat: when the process started, in clock ticks since boot. */
function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8')
    // The command name (field 2) may contain spaces and parentheses; fields after it are plain.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    return rest[19] ?? null
  } catch {
    return null
  }
}
