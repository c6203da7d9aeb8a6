import { z } from 'zod'
import { ServerMessage } from './ws.js'

/** A named topic and the zod schema of its message values: producers and consumers share one definition. */
export interface TopicDef<T extends z.ZodType> {
  name: string
  schema: T
  /**
   * Sent gzip-compressed on Kafka (`SendOptions.compressed`), so every producer of the topic compresses alike. Only
   * for topics whose messages can outgrow the broker's 1 MiB: compressing costs CPU on every message (decisions.md).
   */
  compressed?: boolean
}

export const defineTopic = <T extends z.ZodType>(name: string, schema: T, options: { compressed?: boolean } = {}): TopicDef<T> => ({ name, schema, ...options })

/**
 * Live events for open pages. Any process publishes here; every api process consumes it with its own
 * group and pushes the message over its websocket hub, so embedded and distributed mode behave the same.
 */
export const LiveEventsTopic = defineTopic('live.events', z.object({ message: ServerMessage, retain: z.boolean().default(false) }))
