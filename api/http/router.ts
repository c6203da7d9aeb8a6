import { Stream } from 'node:stream'
import Router from '@koa/router'
import type { Context, Middleware } from 'koa'
import { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi'
import { z } from 'zod'
import { ErrorBody } from '../../schemas/common.js'
import { describeZodError, fieldLabel, HttpError } from '../../platform/http/errors.js'
import type { Endpoint, EndpointSchemas } from '../../schemas/endpoint.js'

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'
type AnyObject = z.ZodType<Record<string, unknown>>

export interface RouteSpec<Q extends AnyObject | undefined, P extends AnyObject | undefined, B extends z.ZodType | undefined, R extends z.ZodType> {
  method: Method
  /** Koa-style path, e.g. `/api/appraisals/:id`. */
  path: string
  summary: string
  description?: string
  tags: string[]
  query?: Q
  params?: P
  body?: B
  /** The 200 response body. */
  response: R
  /** Content types besides JSON the route can answer with (documented only). */
  produces?: string[]
  /** Documented error answers besides 400/500. */
  errors?: Record<number, string>
  /** Middleware run before validation (rate limits, auth). */
  before?: Middleware[]
  /** Leave out of the public OpenAPI document. */
  hidden?: boolean
}

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined

/** What the server adds to an endpoint of schemas/: its documentation, its middleware, and the schemas themselves. */
export type RouteDoc<S extends EndpointSchemas> = Omit<
  RouteSpec<undefined, undefined, undefined, z.ZodType>,
  'method' | 'path' | 'query' | 'params' | 'body' | 'response'
> &
  S

export type RouteHandler<S extends EndpointSchemas> = (
  input: RouteInput<S['query'], S['params'], S['body']>,
) => Promise<z.input<S['response']> | void> | z.input<S['response']> | void

export interface RouteInput<Q, P, B> {
  query: Infer<Q>
  params: Infer<P>
  body: Infer<B>
  ctx: Context
}

/**
 * A router whose routes are declared by their zod contracts: the contract validates input at the edge
 * (bad input is a 400 with a readable message) and the same contract becomes the OpenAPI document.
 */
export class ApiRouter {
  readonly koa = new Router()
  readonly registry = new OpenAPIRegistry()

  /** Bind a handler to an endpoint declared in schemas/ (schemas/endpoint.ts). */
  route<S extends EndpointSchemas>(endpoint: Endpoint<S>, doc: RouteDoc<S>, handler: RouteHandler<S>): void {
    this.bind(
      { ...(doc as RouteDoc<S>), method: endpoint.method, path: endpoint.path } as RouteSpec<AnyObject, AnyObject, z.ZodType, z.ZodType>,
      handler as never,
    )
  }

  private bind<Q extends AnyObject | undefined, P extends AnyObject | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
    spec: RouteSpec<Q, P, B, R>,
    handler: (input: RouteInput<Q, P, B>) => Promise<z.input<R> | void> | z.input<R> | void,
  ): void {
    const validate: Middleware = async (ctx) => {
      const query = spec.query ? parse(spec.query, singleValued(spec.query, ctx.query), 'query') : undefined
      const params = spec.params ? parse(spec.params, ctx.params, 'path') : undefined
      const body = spec.body ? parse(spec.body, (ctx.request as { body?: unknown }).body ?? {}, 'body') : undefined
      const result = await handler({ query, params, body, ctx } as RouteInput<Q, P, B>)
      if (result !== undefined) sendResult(ctx, result)
    }
    this.koa[spec.method](spec.path, ...(spec.before ?? []), validate)
    if (!spec.hidden) this.document(spec)
  }

  private document<Q extends AnyObject | undefined, P extends AnyObject | undefined, B extends z.ZodType | undefined, R extends z.ZodType>(
    spec: RouteSpec<Q, P, B, R>,
  ) {
    const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodType }> }> = {
      200: {
        description: 'OK',
        content: Object.fromEntries([['application/json', { schema: spec.response }], ...(spec.produces ?? []).map((t) => [t, { schema: z.string() }])]),
      },
    }
    if (spec.query || spec.params || spec.body) responses[400] = { description: 'Invalid input', content: { 'application/json': { schema: ErrorBody } } }
    // Answered by the body parser before the route runs (limits in api/app.ts).
    if (spec.body) {
      responses[413] = { description: 'Request body too large', content: { 'application/json': { schema: ErrorBody } } }
      responses[415] = { description: 'Unsupported Content-Encoding (gzip, deflate, br or none)', content: { 'application/json': { schema: ErrorBody } } }
    }
    for (const [status, description] of Object.entries(spec.errors ?? {})) {
      responses[status] = { description, content: { 'application/json': { schema: ErrorBody } } }
    }
    this.registry.registerPath({
      method: spec.method,
      path: spec.path.replace(/:(\w+)/g, '{$1}'),
      summary: spec.summary,
      description: spec.description,
      tags: spec.tags,
      request: {
        query: spec.query as z.ZodObject | undefined,
        params: spec.params as z.ZodObject | undefined,
        body: spec.body ? { content: { 'application/json': { schema: spec.body } } } : undefined,
      },
      responses,
    })
  }
}

function parse<T extends z.ZodType>(schema: T, value: unknown, where: string): z.output<T> {
  const result = schema.safeParse(value)
  if (!result.success) throw describeZodError(where, result.error, value)
  return result.data
}

/**
 * No query parameter takes a list (lists are comma-separated), so `?a=1&a=2` is a mistake: say so, rather than let
 * the schema report an array (or NaN, for a number). Repeats of parameters the route does not know stay ignored.
 */
function singleValued(schema: z.ZodType, query: Record<string, unknown>): Record<string, unknown> {
  const known = (schema as { shape?: Record<string, unknown> }).shape ?? {}
  const repeated = Object.entries(query).filter(([key, value]) => Array.isArray(value) && key in known) as Array<[string, unknown[]]>
  if (repeated.length === 0) return query
  throw new HttpError(
    400,
    repeated.map(([key, values]) => `Give ${fieldLabel([key], 'query')} once, not ${values.length} times.`).join(' '),
    repeated.map(([key]) => ({ path: key, message: 'give it once' })),
  )
}

/**
 * A handler's answer as the body. An object is serialised here, once: given the object, Koa would run JSON.stringify
 * twice (koa-compress asks for the length first, then Koa sends it), about 8 ms of a 1.7 MB appraisal.
 */
function sendResult(ctx: Context, result: unknown): void {
  if (result !== null && typeof result === 'object' && !Buffer.isBuffer(result) && !(result instanceof Stream)) {
    ctx.type = 'application/json; charset=utf-8'
    ctx.body = JSON.stringify(result)
  } else {
    ctx.body = result
  }
}
