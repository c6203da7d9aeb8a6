import { z } from 'zod'
import { LiveKill } from './live-kill.js'

/**
 * Messages on the `/ws` websocket. Server → client messages are a discriminated union on `type`;
 * tool slices add their message kinds here so both ends share one definition.
 */
export const HelloMessage = z.object({ type: z.literal('hello'), version: z.string(), demo: z.boolean() })
export const HeartbeatMessage = z.object({ type: z.literal('heartbeat'), at: z.string() })
/** Tranquility's online player count; `players` null when unknown or stale. */
export const OnlineMessage = z.object({ type: z.literal('online'), players: z.number().int().nonnegative().nullable(), at: z.string() })

/** A kill that involved an entity the site tracks (the public live killfeed). */
export const KillMessage = z.object({ type: z.literal('kill'), kill: LiveKill })

export const ServerMessage = z.discriminatedUnion('type', [HelloMessage, HeartbeatMessage, OnlineMessage, KillMessage])
export type ServerMessage = z.infer<typeof ServerMessage>
export type ServerMessageType = ServerMessage['type']
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>

export const ClientMessage = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })])
export type ClientMessage = z.infer<typeof ClientMessage>

export { HEARTBEAT_INTERVAL_MS } from './ws-constants.js'
