/**
 * The bare baseline of the cacheable-answer benchmarks: a Koa app with no middleware answering every request with
 * the bytes of the file BARE_BODY_FILE as JSON. Prints its URL on the first line of stdout.
 */
import fs from 'node:fs'
import Koa from 'koa'

const body = fs.readFileSync(process.env.BARE_BODY_FILE!)
const app = new Koa()
app.use((ctx) => {
  ctx.type = 'application/json; charset=utf-8'
  ctx.body = body
})
const server = app.listen(0, '127.0.0.1', () => {
  const addr = server.address() as { port: number }
  process.stdout.write(`http://127.0.0.1:${addr.port}\n`)
})
