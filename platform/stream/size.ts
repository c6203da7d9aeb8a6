import { promisify } from 'node:util'
import zlib from 'node:zlib'

/**
 * The largest message we put on a Kafka topic, in the bytes the broker weighs: its default largest record batch
 * (`message.max.bytes`, 1,048,588 bytes) less a margin of some 48 KB for what `messageSize` does not count (the batch
 * header, the record's key and framing, gzip's own header).
 */
export const MAX_MESSAGE_BYTES = 1_000_000

// kafkajs's GZIP codec is zlib's gzip at its default level (kafkajs/src/protocol/message/compression/gzip.js); the
// same here gives the same compressed size, give or take the record framing. Async: it runs on libuv's thread pool,
// so a big kill does not hold the event loop for the tens of milliseconds it takes.
const gzip = promisify(zlib.gzip)

export interface MessageSize {
  /** Bytes of the value's JSON. */
  json: number
  /**
   * Bytes a broker weighs for this message alone in its batch: on a compressed topic the JSON gzipped, else the JSON.
   * A JSON within `limit` is not compressed to find out, and its own size stands in: gzip never makes data bigger by
   * more than its header and a few bytes per 64 KB block (about 100 bytes at 1 MB), which the margin covers.
   */
  wire: number
}

/** The size of one message with `value`, as sent on a topic `compressed` or not. */
export async function messageSize(value: unknown, compressed: boolean, limit = MAX_MESSAGE_BYTES): Promise<MessageSize> {
  const text = JSON.stringify(value)
  const json = Buffer.byteLength(text)
  if (!compressed || json <= limit) return { json, wire: json }
  return { json, wire: (await gzip(text)).length }
}
