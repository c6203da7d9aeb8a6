/**
 * Child process of bench/hardening.bench.ts: the app under test, alone in its process (as in production), with the
 * per-client connection limit applied to loopback too and the test admin created. Prints one JSON line
 * `{ port, url }` once it serves; ends at SIGTERM.
 */
import net from 'node:net'
import { createTestAdmin } from '../platform/testing/admin-session.js'
import { startTestApp } from '../platform/testing/in-process-app.js'
import { startApi } from '../api/server.js'

const app = await startTestApp()
await createTestAdmin(app.ctx.ch)
const api = await startApi(app.ctx, { port: 0, host: '127.0.0.1', connectionExempt: () => false })
const port = (api.server.address() as net.AddressInfo).port
console.log(JSON.stringify({ port, url: app.url }))
process.once('SIGTERM', () => {
  void (async () => {
    await api.stop()
    await app.close()
    process.exit(0)
  })()
})
