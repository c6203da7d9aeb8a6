import { z } from 'zod'
import { ServerMessage } from './ws.js'

/** A named topic and the zod schema of its message values: producers and consumers share one definition. */
export interface TopicDef<T extends z.ZodType> {
  name: string
  schema: T
}

export const defineTopic = <T extends z.ZodType>(name: string, schema: T): TopicDef<T> => ({ name, schema })

/**
 * Live events for open pages. Any process publishes here; every api process consumes it with its own
 * group and pushes the message over its websocket hub, so embedded and distributed mode behave the same.
 */
export const LiveEventsTopic = defineTopic('live.events', z.object({ message: ServerMessage, retain: z.boolean().default(false) }))
