import type { z } from 'zod'

/**
 * An API endpoint as both sides know it: its method and path at run time, and the zod schemas of what it takes and
 * answers as types only. The server binds a handler to it with the schemas themselves (`ApiRouter.route`, which the
 * compiler holds to these types); the page calls it through `callApi` (ui/lib/api.ts), typed by them. Each tool
 * declares its endpoints in `schemas/<tool>-endpoints.ts`, beside its contract. Endpoint files import their
 * schemas with `import type`, so no zod reaches a page's bundle.
 */
export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete'

export interface EndpointSchemas {
  query?: z.ZodType
  params?: z.ZodType
  body?: z.ZodType
  response: z.ZodType
}

export interface Endpoint<S extends EndpointSchemas = EndpointSchemas> {
  readonly method: HttpMethod
  /** Koa-style path, e.g. `/api/appraisals/:id`. */
  readonly path: string
  /** Never set: carries the schema types. */
  readonly schemas?: S
}

export const endpoint = <S extends EndpointSchemas>(method: HttpMethod, path: string): Endpoint<S> => ({ method, path })

/** The schemas an endpoint was declared with. */
export type SchemasOf<E> = E extends Endpoint<infer S> ? S : never
