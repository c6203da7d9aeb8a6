import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process'
import fs from 'node:fs'

/** Processes a session may have at once (RLIMIT_NPROC counts per uid, so this caps one session). */
const SESSION_MAX_PROCESSES = 512

/**
 * How a session's programs are started: as the session's own uid and gid with no supplementary groups,
 * `no_new_privs` (a setuid program inside cannot regain root), a per-uid process cap, a lower CPU priority
 * than the API, and SIGKILL if the server process dies (setpriv's parent-death signal).
 * prlimit, nice and setpriv each exec the next, so the pid Node sees is the program's own.
 */
export function sandboxed(uid: number, argv: string[]): { command: string; args: string[] } {
  return {
    command: 'prlimit',
    args: [
      `--nproc=${SESSION_MAX_PROCESSES}`,
      '--',
      'nice',
      '-n',
      '10',
      'setpriv',
      `--reuid=${uid}`,
      `--regid=${uid}`,
      '--clear-groups',
      '--no-new-privs',
      '--pdeathsig',
      'KILL',
      '--',
      ...argv,
    ],
  }
}

/** Start a sandboxed program in a process group of its own (so its children can be signalled with it). */
export function spawnSandboxed(uid: number, argv: string[], options: SpawnOptions): ChildProcess {
  const { command, args } = sandboxed(uid, argv)
  return spawn(command, args, { ...options, detached: true })
}

/** Signal a child's whole process group; a group that is already gone is not an error. */
export function signalGroup(child: ChildProcess | undefined, signal: NodeJS.Signals): void {
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return
  try {
    process.kill(-child.pid, signal)
  } catch {
    /* already gone */
  }
}

export function exited(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

export const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/** Resolve when `promise` settles or after `ms`, whichever comes first; true when it settled. */
export async function within(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)))
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ])
  } finally {
    clearTimeout(timer)
  }
}

/** Live (not zombie) processes whose real uid is `uid`, read from /proc. */
export function processesOfUid(uid: number): number[] {
  const found: number[] = []
  let entries: string[]
  try {
    entries = fs.readdirSync('/proc')
  } catch {
    return found
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    let status: string
    try {
      status = fs.readFileSync(`/proc/${entry}/status`, 'utf8')
    } catch {
      continue // exited while we looked
    }
    const realUid = /^Uid:\s+(\d+)/m.exec(status)?.[1]
    const state = /^State:\s+(\S)/m.exec(status)?.[1]
    if (realUid === String(uid) && state !== 'Z' && state !== 'X') found.push(Number(entry))
  }
  return found
}

/**
 * Kill every process the session uid owns, including ones that left the session's process groups
 * (a daemon that called setsid, a shell's `nohup` job). `kill -KILL -1` run as that uid reaches exactly the
 * processes of that uid; the /proc scan after it confirms and mops up anything forked meanwhile.
 */
export async function killEveryProcessOf(uid: number): Promise<void> {
  if (processesOfUid(uid).length === 0) return
  await new Promise<void>((resolve) => {
    const killer = spawn('setpriv', [`--reuid=${uid}`, `--regid=${uid}`, '--clear-groups', '--', 'kill', '-KILL', '-1'], { stdio: 'ignore' })
    killer.once('error', () => resolve())
    killer.once('exit', () => resolve())
  })
  for (let attempt = 0; attempt < 50; attempt++) {
    const left = processesOfUid(uid)
    if (left.length === 0) return
    for (const pid of left) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        /* gone */
      }
    }
    await delay(20)
  }
  throw new Error(`processes of uid ${uid} survived SIGKILL: ${processesOfUid(uid).join(', ')}`)
}

/** Is a program on this PATH (or at this absolute path) and executable? */
export function findExecutable(name: string, pathList = process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin'): string | null {
  const candidates = name.includes('/')
    ? [name]
    : pathList
        .split(':')
        .filter(Boolean)
        .map((dir) => `${dir}/${name}`)
  for (const file of candidates) {
    try {
      fs.accessSync(file, fs.constants.X_OK)
      if (fs.statSync(file).isFile()) return file
    } catch {
      /* not here */
    }
  }
  return null
}

export function isPidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}
