import { z } from 'zod'

/**
 * Messages on the `/ws` websocket. Server → client messages are a discriminated union on `type`;
 * tool slices add their message kinds here so both ends share one definition.
 */
export const HelloMessage = z.object({ type: z.literal('hello'), version: z.string(), demo: z.boolean() })
export const HeartbeatMessage = z.object({ type: z.literal('heartbeat'), at: z.string() })
/** Tranquility's online player count; `players` null when unknown or stale. */
export const OnlineMessage = z.object({ type: z.literal('online'), players: z.number().int().nonnegative().nullable(), at: z.string() })

export const ServerMessage = z.discriminatedUnion('type', [HelloMessage, HeartbeatMessage, OnlineMessage])
export type ServerMessage = z.infer<typeof ServerMessage>
export type ServerMessageType = ServerMessage['type']
export type ServerMessageOf<T extends ServerMessageType> = Extract<ServerMessage, { type: T }>

export const ClientMessage = z.discriminatedUnion('type', [z.object({ type: z.literal('ping') })])
export type ClientMessage = z.infer<typeof ClientMessage>

export { HEARTBEAT_INTERVAL_MS } from './ws-constants.js'
