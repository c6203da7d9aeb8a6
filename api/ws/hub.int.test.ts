import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { LiveEventsTopic } from '../../schemas/topics.js'
import type { ServerMessage } from '../../schemas/ws.js'
import { publish } from '../../platform/stream/typed.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app?.close()
})

function connect(): Promise<{ ws: WebSocket; messages: ServerMessage[]; next: (type: string) => Promise<ServerMessage> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(app.url.replace('http', 'ws') + '/ws')
    const messages: ServerMessage[] = []
    const waiters: Array<{ type: string; resolve: (m: ServerMessage) => void }> = []
    ws.on('message', (raw) => {
      const m = JSON.parse(raw.toString()) as ServerMessage
      messages.push(m)
      for (const w of waiters.filter((w) => w.type === m.type)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(m)
      }
    })
    const next = (type: string) =>
      new Promise<ServerMessage>((res, rej) => {
        const seen = messages.find((m) => m.type === type)
        if (seen) {
          messages.splice(messages.indexOf(seen), 1)
          return res(seen)
        }
        const t = setTimeout(() => rej(new Error(`no ${type} message`)), 5000)
        waiters.push({ type, resolve: (m) => (clearTimeout(t), messages.splice(messages.indexOf(m), 1), res(m)) })
      })
    ws.once('open', () => resolve({ ws, messages, next }))
    ws.once('error', reject)
  })
}

describe('websocket hub over a real socket', () => {
  it('greets a new page with the version', async () => {
    const { ws, next } = await connect()
    const hello = await next('hello')
    expect(hello).toMatchObject({ type: 'hello', version: app.ctx.version, demo: false })
    ws.close()
  })

  it('pushes live events from the stream to every page, and retained ones to pages that connect later', async () => {
    const a = await connect()
    await a.next('hello')
    await publish(app.ctx.stream, LiveEventsTopic, [{ value: { message: { type: 'online', players: 23456, at: new Date().toISOString() }, retain: true } }])
    expect(await a.next('online')).toMatchObject({ players: 23456 })
    const b = await connect()
    expect(await b.next('online')).toMatchObject({ players: 23456 })
    a.ws.close()
    b.ws.close()
  })

  it('answers an application ping with a heartbeat', async () => {
    const { ws, next } = await connect()
    ws.send(JSON.stringify({ type: 'ping' }))
    expect((await next('heartbeat')).type).toBe('heartbeat')
    ws.send('not json at all')
    ws.send(JSON.stringify({ type: 'ping' }))
    expect((await next('heartbeat')).type).toBe('heartbeat')
    ws.close()
  })

  it('refuses websocket upgrades on other paths', async () => {
    const ws = new WebSocket(app.url.replace('http', 'ws') + '/elsewhere')
    const outcome = await new Promise((resolve) => {
      ws.once('open', () => resolve('open'))
      ws.once('error', () => resolve('refused'))
    })
    expect(outcome).toBe('refused')
  })
})
