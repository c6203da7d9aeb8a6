import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from '../../../platform/log.js'

/** Where X servers keep their sockets (fixed by X itself). */
export const X_SOCKET_DIR = '/tmp/.X11-unix'
/** Folders anyone may write to: whatever a session's uid left there is removed with the session. */
const WORLD_WRITABLE_DIRS = ['/tmp', '/var/tmp', '/dev/shm']

/**
 * Remove what a session leaves on disk: its folder, its X lock and socket files, and anything its uid
 * created in world-writable folders. Files are only removed when the session's uid owns them, so another
 * server's display is never touched.
 */
export function removeSessionFiles(s: { runtimeDir: string; id: string | null; uid: number; display: number }, log: Logger): void {
  const removeIfOwned = (file: string) => {
    try {
      if (fs.lstatSync(file).uid === s.uid) fs.rmSync(file, { recursive: true, force: true })
    } catch {
      /* not there */
    }
  }
  if (s.id) {
    try {
      fs.rmSync(path.join(s.runtimeDir, s.id), { recursive: true, force: true })
    } catch (err) {
      log.warn({ err }, 'could not remove a fitting session folder')
    }
  }
  removeIfOwned(`/tmp/.X${s.display}-lock`)
  removeIfOwned(path.join(X_SOCKET_DIR, `X${s.display}`))
  for (const dir of WORLD_WRITABLE_DIRS) {
    let entries: string[] = []
    try {
      entries = fs.readdirSync(dir)
    } catch {
      continue
    }
    for (const entry of entries) removeIfOwned(path.join(dir, entry))
  }
}
