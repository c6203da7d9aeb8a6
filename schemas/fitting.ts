import { z } from 'zod'

/** Session ids: 128 random bits, base64url. */
export const FittingSessionId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22}$/, 'not a fitting session id')
  .meta({ description: 'Unguessable session id (128 random bits, base64url)', example: 'q3Vb2k9xQmW8f1sT0aZcYw' })

export const FittingSessionParams = z.object({ id: FittingSessionId })

export const FittingSession = z
  .object({
    id: FittingSessionId,
    createdAt: z.string().meta({ description: 'ISO time the session started' }),
    lastInputAt: z.string().meta({ description: 'ISO time of the last keyboard or mouse input (the start time before any)' }),
    idleTimeoutSeconds: z.number().meta({ description: 'The session ends after this long without input' }),
    idleDeadline: z.string().meta({ description: 'ISO time the session ends if no input arrives before then' }),
    viewerConnected: z.boolean(),
    screen: z.object({ width: z.number().int(), height: z.number().int() }),
    vncPath: z.string().meta({ description: 'Websocket path carrying the session screen (RFB protocol)' }),
  })
  .meta({ id: 'FittingSession' })
export type FittingSession = z.infer<typeof FittingSession>

export const FittingStatus = z
  .object({
    available: z.boolean(),
    reason: z.string().nullable().meta({ description: 'Why sessions cannot start on this server, when they cannot' }),
    activeSessions: z.number().int(),
    maxSessions: z.number().int(),
    maxSessionsPerIp: z.number().int(),
    idleTimeoutSeconds: z.number(),
  })
  .meta({ id: 'FittingStatus' })
export type FittingStatus = z.infer<typeof FittingStatus>

export const FittingEnded = z.object({ ended: z.literal(true) }).meta({ id: 'FittingEnded' })

/** `details` of a 429 when a concurrency limit is reached. */
export const FittingLimitDetails = z.object({
  limit: z.enum(['ip', 'global']),
  max: z.number().int(),
  retryAfterSeconds: z.number().int(),
})
export type FittingLimitDetails = z.infer<typeof FittingLimitDetails>
