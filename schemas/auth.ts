import { z } from 'zod'

export const LoginRequest = z
  .object({
    username: z
      .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be text') })
      .trim()
      .min(1, 'required')
      .max(64, 'at most 64 characters')
      .transform((s) => s.toLowerCase()),
    password: z
      .string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be text') })
      .min(1, 'required')
      .max(256, 'at most 256 characters'),
  })
  .meta({ id: 'LoginRequest' })
export type LoginRequest = z.infer<typeof LoginRequest>

/** The signed-in admin. */
export const AuthUser = z
  .object({
    username: z.string(),
    /** When the session ends at the latest (ISO 8601); it ends earlier after the idle timeout. */
    session_expires_at: z.string(),
    idle_timeout_seconds: z.number(),
  })
  .meta({ id: 'AuthUser' })
export type AuthUser = z.infer<typeof AuthUser>

export const OkResponse = z.object({ ok: z.literal(true) }).meta({ id: 'Ok' })
