import net from 'node:net'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../platform/log.js'
import { startStartingPage } from './starting-page.js'

const log = createLogger('silent')

describe('starting page', () => {
  it('answers pages with a notice that reloads itself and API calls with a 503 error, then frees the port', async () => {
    const starting = await startStartingPage({ port: 0, host: '127.0.0.1', log })
    const base = `http://127.0.0.1:${starting.port}`

    const html = await fetch(`${base}/compressed?t=Tritanium:1`)
    expect(html.status).toBe(503)
    expect(html.headers.get('content-type')).toContain('text/html')
    expect(html.headers.get('retry-after')).toBe('5')
    const text = await html.text()
    expect(text).toContain('J-Space Toolbox is starting')
    expect(text).toContain('<meta http-equiv="refresh" content="5">')

    const api = await fetch(`${base}/api/wormholes`)
    expect(api.status).toBe(503)
    expect(await api.json()).toEqual({ error: 'The site is starting (on a first start it imports the static game data, about a minute). Try again shortly.' })

    await starting.close()
    // the port is free again for the real server
    await new Promise<void>((resolve, reject) => {
      const server = net.createServer().once('error', reject)
      server.listen(starting.port, '127.0.0.1', () => server.close(() => resolve()))
    })
  })
})
