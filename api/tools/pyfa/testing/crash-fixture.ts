/**
 * A stand-in server for the crash test: starts one fitting session in the runtime folder given as argument,
 * prints `SESSION <id>` and waits to be killed. The application leaves a background process behind
 * (`sleep`), which the parent-death signal does not reach, so the next server's cleanup must find it by uid.
 */
import { createLogger } from '../../../../platform/log.js'
import { FittingSessionManager } from '../manager.js'

const runtimeDir = process.argv[2]
const manager = new FittingSessionManager(
  {
    appCommand: "sh -c 'sleep 600 & exec xeyes'",
    maxSessions: 1,
    maxSessionsPerIp: 1,
    idleTimeoutMs: 600_000,
    disconnectGraceMs: 600_000,
    screen: { width: 320, height: 240 },
    runtimeDir,
    displayBase: 100,
    uidBase: 1_900_000_000,
  },
  createLogger('silent'),
)
const session = await manager.create('192.0.2.99')
process.stdout.write(`SESSION ${session.id}\n`)
setInterval(() => {}, 60_000)
