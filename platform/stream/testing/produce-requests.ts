import { createRequire } from 'node:module'

export interface ProduceRequests {
  /** Bytes of each Produce request body sent so far (its record batches and their topic and partition fields). */
  sizes: number[]
  stop(): void
}

interface KafkajsRequest {
  apiName: string
  encode(): Promise<{ size(): number }>
}
interface KafkajsConnection {
  send(args: { request: KafkajsRequest }): Promise<unknown>
}

// kafkajs's connection class, the one every kafkajs client in this process sends its requests through (CommonJS, so
// one module instance), reached by its file because the package exports no such hook.
const Connection = createRequire(import.meta.url)('kafkajs/src/network/connection.js') as { prototype: KafkajsConnection }

/**
 * Records the size of every Produce request that kafkajs sends in this process from now on. A broker weighs each
 * record batch in such a request against its `message.max.bytes` (1,048,588 bytes by default); the body is the batch
 * plus a few dozen bytes of topic and partition fields, so a body under the limit carries a batch a broker takes. The
 * loopback mock cluster enforces no such limit, so this is how a test sees what a real broker would refuse.
 */
export function recordProduceRequests(): ProduceRequests {
  const sizes: number[] = []
  const original = Connection.prototype.send
  Connection.prototype.send = async function (this: KafkajsConnection, args) {
    // Encoding twice costs a second compression; the encoding is pure, so what goes out is what was measured.
    if (args.request.apiName === 'Produce') sizes.push((await args.request.encode()).size())
    return original.call(this, args)
  }
  return {
    sizes,
    stop: () => {
      Connection.prototype.send = original
    },
  }
}
