import fs from 'node:fs'
import path from 'node:path'
import { processesOfUid } from '../processes.js'

export interface LeaseInfo {
  sessionId: string
  display: number
  uid: number
  pid: number
}

/** The display lease of a session, read from the runtime folder (tests run as root and may look). */
export function leaseOf(runtimeDir: string, sessionId: string): LeaseInfo | null {
  for (const entry of fs.readdirSync(runtimeDir)) {
    if (!/^display-\d+\.json$/.test(entry)) continue
    try {
      const lease = JSON.parse(fs.readFileSync(path.join(runtimeDir, entry), 'utf8')) as LeaseInfo
      if (lease.sessionId === sessionId) return lease
    } catch {
      /* being written */
    }
  }
  return null
}

/** Listening TCP sockets (IPv4 and IPv6) held open by any of these processes. */
export function listeningTcpSocketsOf(pids: number[]): string[] {
  const listening = new Map<string, string>() // socket inode → local address
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = ''
    try {
      text = fs.readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/)
      if (cols[3] === '0A') listening.set(cols[9], cols[1]) // state 0A = LISTEN
    }
  }
  const found: string[] = []
  for (const pid of pids) {
    let fds: string[] = []
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`)
    } catch {
      continue
    }
    for (const fd of fds) {
      try {
        const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]
        if (inode && listening.has(inode)) found.push(`pid ${pid} listens on ${listening.get(inode)}`)
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return found
}

/**
 * Everything a session could leave behind, described; empty when it is all gone: processes of its uid,
 * its folder, its lease, its X lock and socket, files of its uid in world-writable folders.
 */
export function sessionTraces(runtimeDir: string, lease: LeaseInfo): string[] {
  const traces: string[] = []
  const pids = processesOfUid(lease.uid)
  if (pids.length) traces.push(`processes of uid ${lease.uid}: ${pids.join(', ')}`)
  const files = [
    path.join(runtimeDir, lease.sessionId),
    path.join(runtimeDir, `display-${lease.display}.json`),
    `/tmp/.X${lease.display}-lock`,
    `/tmp/.X11-unix/X${lease.display}`,
  ]
  for (const file of files) if (fs.existsSync(file)) traces.push(file)
  for (const dir of ['/tmp', '/var/tmp', '/dev/shm']) {
    for (const entry of safeReaddir(dir)) {
      try {
        if (fs.lstatSync(path.join(dir, entry)).uid === lease.uid) traces.push(path.join(dir, entry))
      } catch {
        /* gone */
      }
    }
  }
  return traces
}

function safeReaddir(dir: string): string[] {
  try {
    return fs.readdirSync(dir)
  } catch {
    return []
  }
}

/** Wait until `check` returns true, polling; throws with `what` after the timeout. */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
