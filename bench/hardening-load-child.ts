/**
 * Child process of bench/hardening.bench.ts: a load generator kept out of the measuring process, so its own event
 * loop (thousands of connects, forty logins in flight) cannot delay the requests being timed. argv: mode, target,
 * seconds: `flood <port>` or `logins <base url>`. Prints one JSON line with what it did.
 */
import net from 'node:net'
import { login, TEST_ADMIN } from '../platform/testing/admin-session.js'

const [mode, target, secondsArg] = process.argv.slice(2)
const port = Number(target)
const until = Date.now() + Number(secondsArg) * 1000

if (mode === 'flood') {
  // 50 loops opening connections from 127.0.0.1 as fast as they can, holding every one opened.
  let opened = 0
  const held: net.Socket[] = []
  const flooder = async () => {
    while (Date.now() < until) {
      await new Promise<void>((resolve) => {
        const s = net.connect({ port, host: '127.0.0.1', localAddress: '127.0.0.1' })
        s.on('error', () => resolve())
        s.on('connect', () => {
          opened++
          held.push(s)
          resolve()
        })
      })
    }
  }
  await Promise.all(Array.from({ length: 50 }, flooder))
  for (const s of held) s.destroy()
  console.log(JSON.stringify({ opened }))
} else if (mode === 'logins') {
  // 40 concurrent logins, each from an address of its own.
  let logins = 0
  let refused = 0
  let n = 0
  const logger = async () => {
    while (Date.now() < until) {
      const res = await login(target, TEST_ADMIN, `198.19.${n % 250}.${(n++ % 200) + 1}`)
      await res.arrayBuffer()
      if (res.status === 429) refused++
      else logins++
    }
  }
  await Promise.all(Array.from({ length: 40 }, logger))
  console.log(JSON.stringify({ logins, refused }))
} else {
  throw new Error(`unknown mode ${mode}`)
}
process.exit(0)
