import fs from 'node:fs'
import path from 'node:path'
import type { EsiSystemJumps, EsiSystemKills } from '../../../schemas/system-activity.js'
import { API_FIXTURES_DIR } from '../api-fixtures.js'
import type { FakeEsi } from './server.js'

const DIR = path.join(API_FIXTURES_DIR, 'esi-universe')
const readJson = <T>(file: string): T => JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8')) as T

/** Seconds past the hour of a recorded answer's Last-Modified: the minute ESI published that route at. */
function publishedAtSeconds(headersFile: string): number {
  const lm = new Date(readJson<{ headers: Record<string, string> }>(headersFile).headers['Last-Modified'])
  return lm.getUTCMinutes() * 60 + lm.getUTCSeconds()
}

export interface FakeSystemActivityState {
  /** The answers served in turn, one per hour (the recorded ones); null answers 503 as ESI does when its source is down. */
  kills: EsiSystemKills[][] | null
  jumps: EsiSystemJumps[][] | null
  /** Seconds past each hour at which the route publishes a new answer (its Last-Modified). */
  publishedAt: { kills: number; jumps: number }
  /** Cache time after Last-Modified announced in Expires (ESI: 3600 s); a test on a fake clock, where an hour passes in moments, sets 0. */
  cacheSeconds: number
  /** The fake's clock: tests on a fake schedule clock pass theirs. */
  now: () => number
}

/**
 * The recorded answers in platform/fakes/api-fixtures/esi-universe (FORMAT.md): both real system_kills answers (2019,
 * 3,194 systems; 2025, 3,025 systems) served in turn hour by hour, the real system_jumps answer (2019, 4,979 systems)
 * every hour, each published at the minute and second past the hour of its recorded Last-Modified.
 */
export function createSystemActivityState(now: () => number = Date.now): FakeSystemActivityState {
  return {
    kills: [readJson<EsiSystemKills[]>('system_kills.2019-01-01.body.json'), readJson<EsiSystemKills[]>('system_kills.2025-12-17.shortcircuitbot.json')],
    jumps: [readJson<EsiSystemJumps[]>('system_jumps.2019-01-01.body.json')],
    publishedAt: { kills: publishedAtSeconds('system_kills.2019-01-01.headers.json'), jumps: publishedAtSeconds('system_jumps.2019-01-01.headers.json') },
    cacheSeconds: 3600,
    now,
  }
}

/** The Last-Modified of the answer current at `now`: the latest publication time at or before it. */
export function currentLastModified(now: number, publishedAtSeconds: number): number {
  const offset = publishedAtSeconds * 1000
  return Math.floor((now - offset) / 3_600_000) * 3_600_000 + offset
}

/** The answer current at `now`, and which of the recorded bodies it is. */
export function currentAnswer<T>(bodies: T[][], now: number, publishedAtSeconds: number): { body: T[]; lastModified: number } {
  const lastModified = currentLastModified(now, publishedAtSeconds)
  return { body: bodies[Math.floor(lastModified / 3_600_000) % bodies.length], lastModified }
}

const unavailable = { status: 503, body: { error: 'The datasource tranquility is temporarily unavailable' } }

/**
 * GET /universe/system_kills/ and /universe/system_jumps/ as ESI answers them: one unpaged array, Last-Modified at the
 * route's publication time in the hour, Expires one hour later (Last-Modified + 3600 s, as recorded), Date from the
 * fake's clock, and the ETag/304 of every fake ESI route.
 */
export function addSystemActivityRoutes(esi: FakeEsi, state: FakeSystemActivityState): void {
  const serve = (bodies: unknown[][] | null, publishedAt: number) => {
    if (!bodies?.length) return unavailable
    const now = state.now()
    const { body, lastModified } = currentAnswer(bodies, now, publishedAt)
    const expires = state.cacheSeconds > 0 ? lastModified + state.cacheSeconds * 1000 : now
    return {
      body,
      lastModified: new Date(lastModified),
      headers: { Date: new Date(now).toUTCString(), Expires: new Date(expires).toUTCString(), 'Cache-Control': 'public' },
    }
  }
  esi.route('GET', '/universe/system_kills', () => serve(state.kills, state.publishedAt.kills))
  esi.route('GET', '/universe/system_jumps', () => serve(state.jumps, state.publishedAt.jumps))
}
