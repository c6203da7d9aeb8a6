import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createTestAdmin, signIn, type AdminClient } from '../../platform/testing/admin-session.js'
import { startTestApp, type TestApp } from '../../platform/testing/in-process-app.js'

/**
 * Hostile input against every documented route of the shared server: wrong types, huge numbers, long and odd
 * strings, repeated query parameters, strange path ids, bodies that are not JSON or not objects, other content
 * types, HEAD and OPTIONS. Every answer must be a clear 4xx `{error}` sentence (or a 2xx that matches the
 * route's documented schema): never a 500, a hang, an HTML page or a stack trace.
 */

const base = inject('appUrl')

type Schema = {
  $ref?: string
  type?: string
  nullable?: boolean
  enum?: unknown[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  allOf?: Schema[]
  minimum?: number
  maximum?: number
  exclusiveMinimum?: boolean
  minLength?: number
  minItems?: number
  example?: unknown
  default?: unknown
  pattern?: string
}
type Param = { name: string; in: 'query' | 'path'; required?: boolean; schema: Schema }
type Operation = {
  /** Hidden routes (admin, sign-in) are not in the document: only the error shape is checked. */
  undocumented?: boolean
  parameters?: Param[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>
}
type Document = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } }

let doc: Document
const resolve = (s: Schema): Schema => (s.$ref ? resolve(doc.components!.schemas![s.$ref.split('/').pop()!]) : s)

/** Where `value` breaks `schema` (OpenAPI 3.0 subset zod-to-openapi emits), or null when it fits. */
function mismatch(schema: Schema, value: unknown, at = '$'): string | null {
  const s = resolve(schema)
  if (value === null) return s.nullable || s.type === undefined ? null : `${at}: null`
  if (s.allOf)
    for (const part of s.allOf) {
      const m = mismatch(part, value, at)
      if (m) return m
    }
  const alternatives = s.anyOf ?? s.oneOf
  if (alternatives && alternatives.every((alt) => mismatch(alt, value, at) !== null)) return `${at}: fits none of ${alternatives.length} alternatives`
  if (s.enum && !s.enum.includes(value)) return `${at}: ${JSON.stringify(value)} not in enum`
  switch (s.type) {
    case 'string':
      return typeof value === 'string' ? null : `${at}: not a string`
    case 'integer':
      return Number.isInteger(value) ? null : `${at}: not an integer`
    case 'number':
      return typeof value === 'number' ? null : `${at}: not a number`
    case 'boolean':
      return typeof value === 'boolean' ? null : `${at}: not a boolean`
    case 'array':
      if (!Array.isArray(value)) return `${at}: not an array`
      for (let i = 0; i < value.length; i++) {
        const m = s.items && mismatch(s.items, value[i], `${at}[${i}]`)
        if (m) return m
      }
      return null
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return `${at}: not an object`
      const obj = value as Record<string, unknown>
      for (const key of s.required ?? []) if (!(key in obj)) return `${at}.${key}: missing`
      for (const [key, v] of Object.entries(obj)) {
        const prop = s.properties?.[key]
        const m = prop
          ? mismatch(prop, v, `${at}.${key}`)
          : typeof s.additionalProperties === 'object'
            ? mismatch(s.additionalProperties, v, `${at}.${key}`)
            : null
        if (m) return m
      }
      return null
    }
  }
  return null
}

/** A plausible value for a schema, so one field at a time can be made hostile while the rest look right. */
function sample(schema: Schema): unknown {
  const s = resolve(schema)
  if (s.example !== undefined) return s.example
  if (s.default !== undefined) return s.default
  if (s.enum) return s.enum[0]
  if (s.allOf) return Object.assign({}, ...s.allOf.map((p) => sample(p) as object))
  if (s.anyOf ?? s.oneOf) return sample((s.anyOf ?? s.oneOf)![0])
  switch (s.type) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, p]) => [k, sample(p)]))
    case 'array':
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items ?? {}))
    case 'integer':
    case 'number':
      return Math.max(1, (s.minimum ?? 1) + (s.exclusiveMinimum ? 1 : 0))
    case 'boolean':
      return true
    case 'string':
      return 'a'.repeat(Math.max(1, s.minLength ?? 1))
  }
  return 1
}

const LONG = 'x'.repeat(10_000)
/** Raw JSON texts for one field's value (raw, so -0, 2^63 and an escaped lone surrogate arrive as written). */
const HOSTILE_JSON = [
  'null',
  '[]',
  '{}',
  'true',
  '"text"',
  '""',
  '"   "',
  '1e308',
  '-1e308',
  '-0',
  '-1',
  '0',
  '1.5',
  '9223372036854775808',
  '"NaN"',
  '"Infinity"',
  '"1e308"',
  JSON.stringify(LONG),
  '"\\ud800"',
  '"\\u0000"',
  '"😀🚀"',
  '"\\u202Eabc"',
  '[null]',
  `[${Array(10_000).fill('1').join(',')}]`,
]
const HOSTILE_JSON_NESTED = [
  'null',
  '{}',
  '[]',
  '"text"',
  '""',
  '-1',
  '-0',
  '0',
  '1.5',
  '1e308',
  '9223372036854775808',
  JSON.stringify(LONG),
  '"\\ud800"',
  '"\\u0000"',
  '"😀"',
]
const MARK = '\u0001fuzz\u0001'

/** Paths to every field of a sample body, into objects and the first row of arrays (depth 4 at most). */
function leafPaths(value: unknown, at: Array<string | number> = []): Array<Array<string | number>> {
  if (at.length >= 4 || value === null || typeof value !== 'object') return at.length ? [at] : []
  const entries = Array.isArray(value) ? (value.length ? [[0, value[0]] as const] : []) : Object.entries(value)
  const inner = entries.flatMap(([k, v]) => leafPaths(v, [...at, k]))
  return at.length ? [at, ...inner] : inner
}

/** A copy of `value` with the field at `at` replaced (or removed, for undefined). */
function withValue(value: unknown, at: Array<string | number>, replacement: unknown): unknown {
  if (at.length === 0) return replacement
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>
  const [head, ...rest] = at
  if (rest.length === 0 && replacement === undefined) {
    if (Array.isArray(copy)) copy.splice(head as number, 1)
    else delete copy[head]
  } else copy[head] = withValue(copy[head], rest, replacement)
  return copy
}

/** Raw (already URL-encoded) query values. */
const HOSTILE_QUERY = [
  '',
  '%20',
  '0',
  '-1',
  '-0',
  '1e308',
  'NaN',
  'Infinity',
  '9223372036854775808',
  '1.5',
  'abc',
  LONG,
  '%F0%9F%98%80',
  '%E2%80%AEabc',
  '%00',
  '%ED%A0%80',
  '%FF',
  ',',
  '1,,2',
  '[]',
  '{}',
]
/** Raw path segments. */
const HOSTILE_PATH = [
  '%',
  '%zz',
  '0',
  '-1',
  '9223372036854775808',
  '1e308',
  'NaN',
  'abc',
  '1.5',
  '%2F',
  '..%2F..%2Fetc%2Fpasswd',
  '%F0%9F%98%80',
  '%00',
  '%ED%A0%80',
  '%FF',
  '%20',
  LONG,
]

let ipCounter = 0
/** A fresh client address per request (the app trusts X-Forwarded-For), so rate limits never hide a route. */
const freshIp = () => `100.64.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`

interface Case {
  base?: string
  route: string
  label: string
  method: string
  url: string
  headers?: Record<string, string>
  body?: string
}

interface Outcome {
  status: number
  problem: string | null
}

async function send(c: Case, op: Operation): Promise<Outcome> {
  let res: Response
  try {
    res = await fetch(`${c.base ?? base}${c.url}`, {
      method: c.method,
      headers: { 'X-Forwarded-For': freshIp(), ...c.headers },
      body: c.body,
      signal: AbortSignal.timeout(15_000),
      redirect: 'manual',
    })
  } catch (err) {
    return { status: 0, problem: `no answer (${(err as Error).name})` }
  }
  const text = await res.text()
  const status = res.status
  if (status >= 500 && !op.responses[String(status)]) return { status, problem: `${status}: ${text.slice(0, 200)}` }
  if (/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/.test(text)) return { status, problem: `stack trace in answer: ${text.slice(0, 200)}` }
  if (c.method === 'HEAD' || status === 204) return { status, problem: null }
  // OPTIONS is answered by the router: the allowed methods in Allow and no body.
  if (c.method === 'OPTIONS' && status === 200)
    return { status, problem: res.headers.get('allow') && !text ? null : `OPTIONS without Allow, or with a body: ${text.slice(0, 80)}` }
  const type = res.headers.get('content-type') ?? ''
  if (status >= 400) {
    if (!type.startsWith('application/json')) return { status, problem: `${status} answered as ${type}: ${text.slice(0, 120)}` }
    const body = JSON.parse(text) as { error?: unknown }
    if (typeof body.error !== 'string' || body.error.length < 8 || body.error === 'Bad request')
      return { status, problem: `${status} without a sentence: ${text.slice(0, 200)}` }
    // A sentence, not the hostile input echoed back (a 10,000-character value, a 3 MB body).
    if (body.error.length > 600) return { status, problem: `${status} error of ${body.error.length} characters: ${body.error.slice(0, 120)}` }
    const routerAnswer = (status === 404 && body.error.startsWith('No such endpoint')) || status === 405
    if (!op.undocumented && !op.responses[String(status)] && !routerAnswer) return { status, problem: `undocumented ${status}: ${body.error.slice(0, 160)}` }
    return { status, problem: null }
  }
  if (status >= 300 || op.undocumented) return { status, problem: null }
  const documented = op.responses[String(status)] ?? op.responses['200']
  const schema = documented?.content?.['application/json']?.schema
  if (!type.startsWith('application/json')) {
    return documented?.content?.[type.split(';')[0]] ? { status, problem: null } : { status, problem: `${status} answered as undocumented ${type}` }
  }
  const m = schema ? mismatch(schema, JSON.parse(text)) : null
  return { status, problem: m && `${status} does not match its documented schema: ${m}` }
}

function cases(path: string, method: string, op: Operation): Case[] {
  const route = `${method.toUpperCase()} ${path}`
  const params = op.parameters ?? []
  const pathParams = params.filter((p) => p.in === 'path')
  const queryParams = params.filter((p) => p.in === 'query')
  const plausible = PLAUSIBLE[route] ?? {}
  const pathWith = (override: Record<string, string> = {}) =>
    path.replace(
      /\{(\w+)\}/g,
      (_, name: string) => override[name] ?? plausible.path?.[name] ?? encodeURIComponent(String(sample(pathParams.find((p) => p.name === name)!.schema))),
    )
  const baseQuery = {
    ...Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, encodeURIComponent(String(sample(p.schema)))])),
    ...plausible.query,
  }
  const qs = (q: Record<string, string>, extra = '') => {
    const s =
      Object.entries(q)
        .map(([k, v]) => `${k}=${v}`)
        .join('&') + extra
    return s ? `?${s}` : ''
  }
  const bodySchema = op.requestBody?.content['application/json']?.schema
  const bodySample = plausible.body ?? (bodySchema ? sample(bodySchema) : undefined)
  const json = (body: string, extra: Partial<Case> = {}): Case => ({
    route,
    label: `body ${body.slice(0, 60)}`,
    method: method.toUpperCase(),
    url: pathWith() + qs(baseQuery),
    headers: { 'Content-Type': 'application/json' },
    body,
    ...extra,
  })
  const out: Case[] = []
  const add = (label: string, url: string, extra: Partial<Case> = {}) => out.push({ route, label, method: method.toUpperCase(), url, ...extra })

  add(
    'plausible input',
    pathWith() + qs(baseQuery),
    bodySample === undefined ? {} : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(bodySample) },
  )
  for (const p of pathParams) for (const v of HOSTILE_PATH) add(`path ${p.name}=${v.slice(0, 40)}`, pathWith({ [p.name]: v }) + qs(baseQuery))
  for (const p of queryParams) {
    for (const v of HOSTILE_QUERY) add(`query ${p.name}=${v.slice(0, 40)}`, pathWith() + qs({ ...baseQuery, [p.name]: v }))
    add(`query ${p.name} repeated`, pathWith() + qs(baseQuery, `&${p.name}=${encodeURIComponent(String(sample(p.schema)))}&${p.name}=2`))
    if (p.required) add(`query ${p.name} missing`, pathWith() + qs(Object.fromEntries(Object.entries(baseQuery).filter(([k]) => k !== p.name))))
  }
  add('unknown query parameter', pathWith() + qs(baseQuery, `&zzz=${LONG}`))
  if (['post', 'put', 'patch'].includes(method)) {
    for (const raw of ['', 'not json{', '{"a":', 'null', '[]', '"text"', '1e308', '{"__proto__":{"polluted":true}}', '\u0000']) out.push(json(raw))
    const valid = bodySample === undefined ? '{}' : JSON.stringify(bodySample)
    out.push(json('x'.repeat(3_000_000), { label: 'body of 3 MB' }))
    out.push(json(valid, { label: 'Content-Encoding gzip, body not gzip', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } }))
    out.push(json(valid, { label: 'Content-Encoding br, body not br', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'br' } }))
    out.push(json(valid, { label: 'Content-Encoding zstd', headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'zstd' } }))
    out.push(json(valid, { label: 'charset latin1', headers: { 'Content-Type': 'application/json; charset=latin1' } }))
    out.push(json(valid, { label: 'charset nonsense', headers: { 'Content-Type': 'application/json; charset=x-nope' } }))
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml']) {
      out.push(json(bodySample === undefined ? 'a=1' : JSON.stringify(bodySample), { label: `Content-Type ${type}`, headers: { 'Content-Type': type } }))
    }
    if (bodySample && typeof bodySample === 'object') {
      for (const at of leafPaths(bodySample)) {
        const field = at.join('.')
        out.push(json(JSON.stringify(withValue(bodySample, at, undefined)), { label: `body without ${field}` }))
        // Top-level fields get every hostile value; nested ones (list rows, maps) a shorter list.
        for (const v of at.length === 1 ? HOSTILE_JSON : HOSTILE_JSON_NESTED) {
          out.push(json(JSON.stringify(withValue(bodySample, at, MARK)).replace(JSON.stringify(MARK), v), { label: `body ${field}=${v.slice(0, 40)}` }))
        }
      }
      if (!Array.isArray(bodySample)) out.push(json(JSON.stringify({ ...(bodySample as object), zzz: LONG }), { label: 'body with an unknown field' }))
    }
  }
  add('HEAD', pathWith() + qs(baseQuery), { method: 'HEAD' })
  add('OPTIONS', pathWith() + qs(baseQuery), { method: 'OPTIONS' })
  add('a method the path does not have', pathWith() + qs(baseQuery), { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{}' })
  return out
}

/**
 * Input that gets past validation, where a schema's own example does not (a real hub, blueprint or site), so the
 * hostile value of one field reaches the handler rather than failing on its neighbours.
 */
const PLAUSIBLE: Record<string, { path?: Record<string, string>; query?: Record<string, string>; body?: unknown }> = {
  'GET /api/types/{id}': { path: { id: '34' } },
  'GET /api/prices/station': { query: { station_id: '60003760', type_ids: '34,35' } },
  'GET /api/prices/fallback': { query: { region_id: '10000002', type_ids: '34,35' } },
  'GET /api/prices/bulk': { query: { station_id: '60003760' } },
  'GET /api/prices/history': { query: { station_id: '60003760', type_id: '34' } },
  'GET /api/packaged-volumes': { query: { type_ids: '587,34' } },
  'GET /api/industry/buildcost': {
    query: { blueprint: '691', me: '10', runs: '10', station: '60003760', system: 'Jita', rig: 'T1', facilityTax: '1', jobCostOverride: '0.05' },
  },
  'POST /api/reaction-calc': {
    body: { blueprintID: 46157, station: 60003760, inputPricingMode: 'sell', outputPricingMode: 'buy', runs: 10, systemCostIndex: 0.05, facilityTaxPercent: 1 },
  },
  'POST /api/blue-loot-calc': {
    body: {
      siteRuns: [{ siteName: 'Core Garrison', count: 2, usedDread: false, useDpsLogiMode: false }],
      players: [{ name: 'Aura Nox', bubbler: true, extraShares: 1, marauders: 0, dreads: 0, dps: 1, logi: 0 }],
      drifterRan: true,
      accounting: 5,
      noTaxes: false,
      corpTax: 10,
      allianceTax: 0,
    },
  },
  'POST /api/participation-calc': {
    body: {
      siteTier: 'C5',
      players: [{ name: 'Aura Nox', participation: { 'Core Garrison': 2 } }],
      siteTotals: { 'Core Garrison': 3 },
      drifterRan: true,
      usedDread: true,
      accounting: 5,
      noTaxes: false,
      corpTax: 10,
      allianceTax: 0,
    },
  },
  'POST /api/appraisals': { body: { station_id: 60003760, mode: 'sell5', input_raw: 'Tritanium 100\nRifter', adjustment: 90, combine: true } },
  'POST /api/appraise': {
    body: { text: 'Tritanium 100\n[Rifter, x]\n200mm AutoCannon I, EMP S', station_id: 60003760, mode: 'sell5', adjustment: 90, combine: true },
  },
}

/** Send every case, four at a time; what went wrong, and which routes answered at all. */
async function fuzz(all: Array<{ c: Case; op: Operation }>) {
  const failures: string[] = []
  const answered = new Set<string>()
  let next = 0
  const worker = async () => {
    while (next < all.length) {
      const { c, op } = all[next++]
      const outcome = await send(c, op)
      if (outcome.status > 0) answered.add(c.route)
      if (outcome.problem) failures.push(`${c.route} [${c.label}] -> ${outcome.problem}`)
    }
  }
  await Promise.all(Array.from({ length: 4 }, worker))
  return { failures, answered }
}

/** Routes whose plausible input would start real work the fuzzer must not (a desktop session per request). */
const SKIP = new Set(['POST /api/pyfa/sessions'])

describe('every documented route under hostile input', () => {
  beforeAll(async () => {
    doc = (await (await fetch(`${base}/api/openapi.json`)).json()) as Document
  })

  it('answers a 4xx {error} sentence or a documented 2xx, never a 500, a hang, HTML or a stack trace', async () => {
    // The schema check itself can fail: the health answer's schema refuses an empty object.
    expect(mismatch(doc.paths['/api/health'].get.responses['200'].content!['application/json'].schema, {})).not.toBeNull()
    const all: Array<{ c: Case; op: Operation }> = []
    const routes = new Set<string>()
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const route = `${method.toUpperCase()} ${path}`
        if (SKIP.has(route)) continue
        routes.add(route)
        for (const c of cases(path, method, op)) all.push({ c, op })
      }
    }
    const { failures, answered } = await fuzz(all)
    expect(failures).toEqual([])
    // Not vacuous: every route in the document was reached, and the document still lists them all.
    expect(answered).toEqual(routes)
    // 55 documented routes were fuzzed when this was written (all but starting a fitting session): fewer means routes
    // fell out of the document or the fuzzer stopped finding them.
    expect(routes.size).toBeGreaterThanOrEqual(55)
    expect(all.length).toBeGreaterThan(2000)
  }, 120_000)
})

/**
 * The routes left out of the document (sign-in and the killfeed admin), with a plausible input each, answered by an app
 * of this test's own whose ESI and Discord are a closed port: an outside service that is down must not become a 500.
 */
const HIDDEN: Array<{
  method: string
  path: string
  query?: Record<string, string>
  params?: Record<string, string>
  body?: unknown
  signedOut?: boolean
  errors?: number[]
}> = [
  { method: 'get', path: '/auth/me' },
  { method: 'post', path: '/auth/login', body: { username: 'ada', password: 'wrong-password-123' }, signedOut: true },
  { method: 'post', path: '/auth/logout', signedOut: true },
  { method: 'get', path: '/api/killfeed/tracked' },
  { method: 'post', path: '/api/killfeed/tracked', body: { item_type: 'alliance', entity_id: 99003581, display_name: 'Victims', mode: 'kills' } },
  { method: 'delete', path: '/api/killfeed/tracked/{item_type}/{entity_id}', params: { item_type: 'alliance', entity_id: '99003581' } },
  { method: 'get', path: '/api/killfeed/routes' },
  {
    method: 'post',
    path: '/api/killfeed/routes',
    body: {
      item_type: 'alliance',
      entity_id: 1354830081,
      display_name: 'Goons',
      mode: 'both',
      webhook_url: 'https://discord.com/api/webhooks/1/abc',
      enabled: true,
    },
  },
  { method: 'patch', path: '/api/killfeed/routes/{id}', params: { id: '00000000-0000-4000-8000-000000000000' }, body: { mode: 'losses', enabled: false } },
  { method: 'delete', path: '/api/killfeed/routes/{id}', params: { id: '00000000-0000-4000-8000-000000000000' } },
  { method: 'get', path: '/api/killfeed/recent', query: { limit: '10' } },
  { method: 'get', path: '/api/killfeed/resolve', query: { type: 'alliance', q: 'Goonswarm' }, errors: [502] },
  { method: 'get', path: '/api/admin/tracked-players' },
  { method: 'post', path: '/api/admin/tracked-players', body: { path: 'fuzz-pilot', display_name: 'Fuzz Pilot', character_ids: [90000001] } },
  { method: 'put', path: '/api/admin/tracked-players/{path}', params: { path: 'fuzz-pilot' }, body: { display_name: 'Fuzz Pilot', character_ids: [90000001] } },
  { method: 'delete', path: '/api/admin/tracked-players/{path}', params: { path: 'nobody-here' } },
  { method: 'get', path: '/api/admin/contact-messages' },
]

/**
 * Defects found here and left for another change, each as the start of its failure line. Empty now: the one it
 * found (a display name holding half a UTF-16 surrogate pair gave a 500) is fixed in schemas/killfeed.ts.
 */
const KNOWN_HIDDEN_DEFECTS: string[] = []

describe('every hidden route under hostile input, signed in as an admin', () => {
  let app: TestApp
  let admin: AdminClient
  beforeAll(async () => {
    app = await startTestApp({}, { ESI_BASE_URL: 'http://127.0.0.1:9', DISCORD_API_BASE_URL: 'http://127.0.0.1:9' })
    await createTestAdmin(app.ctx.ch)
    admin = await signIn(app.url)
  })
  afterAll(() => app?.close())

  it('answers a 4xx {error} sentence or a 2xx, never a 500, a hang, HTML or a stack trace', async () => {
    const all: Array<{ c: Case; op: Operation }> = []
    for (const h of HIDDEN) {
      const route = `${h.method.toUpperCase()} ${h.path}`
      PLAUSIBLE[route] = { path: h.params, query: h.query, body: h.body }
      const op: Operation = {
        undocumented: true,
        // Its documented outside-service failure (ESI down) is an answer, not a crash.
        responses: Object.fromEntries((h.errors ?? []).map((status) => [String(status), {}])),
        parameters: [
          ...Object.keys(h.params ?? {}).map((name) => ({ name, in: 'path' as const, required: true, schema: { type: 'string' } })),
          ...Object.keys(h.query ?? {}).map((name) => ({ name, in: 'query' as const, required: true, schema: { type: 'string' } })),
        ],
        requestBody: h.body === undefined ? undefined : { content: { 'application/json': { schema: {} } } },
      }
      const session: Record<string, string> = h.signedOut ? {} : { Cookie: admin.cookie, 'X-Requested-With': 'fetch' }
      for (const c of cases(h.path, h.method, op)) {
        // Each search that reaches the (down) ESI waits out its retries: a few show the answer, the rest would only add minutes.
        if (h.errors?.includes(502) && c.label.startsWith('query q=') && !['query q=', 'query q=abc', 'query q=%ED%A0%80'].includes(c.label)) continue
        all.push({ c: { ...c, base: app.url, headers: { ...c.headers, ...session } }, op })
      }
    }
    const { failures, answered } = await fuzz(all)
    expect(failures.filter((f) => !KNOWN_HIDDEN_DEFECTS.some((k) => f.startsWith(k)))).toEqual([])
    // A known defect that no longer shows is fixed: take it off the list so it is caught if it comes back.
    for (const known of KNOWN_HIDDEN_DEFECTS)
      expect(
        failures.some((f) => f.startsWith(known)),
        known,
      ).toBe(true)
    expect([...answered].sort()).toEqual(HIDDEN.map((h) => `${h.method.toUpperCase()} ${h.path}`).sort())
    expect(all.length).toBeGreaterThan(800)
  }, 120_000)
})
