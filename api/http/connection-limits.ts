import fs from 'node:fs'
import type { Server } from 'node:http'
import type { Socket } from 'node:net'
import type { Logger } from '../../platform/log.js'
import { clientGroup, isProxyAddress } from './client-ip.js'

/** Waiting for a request's headers longer than this ends the connection (Node's default is a minute). */
export const HEADERS_TIMEOUT_MS = 10_000
/** A whole request (headers and body, up to the 8 MB appraisal save) must arrive within this (Node's default: 5 minutes). */
export const REQUEST_TIMEOUT_MS = 60_000

/**
 * File descriptors kept out of the connection budget: chDB's data files, Kafka, log files, fitting sessions'
 * sockets and child processes. A quarter of the limit, at least 512.
 */
export function fileDescriptorBudget(softLimit = openFileLimit()): { softLimit: number; connections: number } {
  const headroom = Math.max(512, Math.ceil(softLimit / 4))
  return { softLimit, connections: Math.max(64, softLimit - headroom) }
}

/** The process's soft limit on open files (Linux: /proc/self/limits); 1024, the usual default, when unknown. */
export function openFileLimit(): number {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'))
    const soft = line?.split(/\s{2,}/)[1]
    if (soft === 'unlimited') return 1_048_576
    const n = Number(soft)
    return Number.isFinite(n) && n > 0 ? n : 1024
  } catch {
    return 1024
  }
}

export interface ConnectionLimits {
  /** Open connections (HTTP and websocket) per client: an IPv4 address or an IPv6 /64. */
  perClient: number
  /** Open connections overall: past this Node closes new ones at once, so the process keeps descriptors spare. */
  total: number
  /**
   * Peers the per-client count skips: our own proxies (nginx), whose connections carry every visitor. Their
   * visitors are limited by the proxy (deploy/nginx.conf, `limit_conn`).
   */
  exempt?: (peer: string) => boolean
}

const refusal = (limit: number) => {
  const body = JSON.stringify({ error: `Too many open connections from your address (at most ${limit}): close some and try again.` })
  return `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 5\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
}

/**
 * Hold one HTTP server to connection limits, so one client cannot exhaust the file descriptors the health
 * check, other visitors and the ingest need: a count per client (a connection past it is answered 429 and
 * closed), an overall cap (`server.maxConnections`), and header and request timeouts against slow senders.
 */
export function limitConnections(server: Server, limits: ConnectionLimits, log?: Logger): { open(client: string): number } {
  const exempt = limits.exempt ?? isProxyAddress
  const counts = new Map<string, number>()
  server.maxConnections = limits.total
  server.headersTimeout = HEADERS_TIMEOUT_MS
  server.requestTimeout = REQUEST_TIMEOUT_MS
  // Before the HTTP parser is attached, so a refused connection costs nothing more.
  server.prependListener('connection', (socket: Socket) => {
    const peer = socket.remoteAddress ?? ''
    if (exempt(peer)) return
    const client = clientGroup(peer)
    const n = counts.get(client) ?? 0
    if (n >= limits.perClient) {
      log?.info({ client }, 'connection refused: too many from one client')
      socket.on('error', () => {})
      socket.end(refusal(limits.perClient))
      setTimeout(() => socket.destroy(), 1000).unref()
      return
    }
    counts.set(client, n + 1)
    socket.once('close', () => {
      const left = (counts.get(client) ?? 1) - 1
      if (left > 0) counts.set(client, left)
      else counts.delete(client)
    })
  })
  return { open: (client) => counts.get(clientGroup(client)) ?? 0 }
}
