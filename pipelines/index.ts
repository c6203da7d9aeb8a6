import type { AppContext } from '../platform/context.js'
import { industryInputsPipeline } from './industry/consumer.js'
import { marketPipeline } from './market/consumer.js'
import { killmailStorePipeline } from './killmails/pipeline.js'
import type { Consumer } from '../platform/stream/index.js'
import { killfeedPipeline } from './killfeed/router.js'
import { systemActivityPipeline } from './system-activity/writer.js'

/** A pipeline: consumes a topic and writes ClickHouse (or posts somewhere) in batches. */
export interface Pipeline {
  name: string
  start: (ctx: AppContext) => Promise<Consumer[]>
}

/** Every topic consumer of the product, one entry per pipeline. */
export const pipelines: Pipeline[] = [marketPipeline, killmailStorePipeline, killfeedPipeline, industryInputsPipeline, systemActivityPipeline]

export interface RunningPipelines {
  stop(): Promise<void>
}

export async function startPipelines(ctx: AppContext, list: Pipeline[] = pipelines): Promise<RunningPipelines> {
  const consumers: Consumer[] = []
  for (const p of list) {
    consumers.push(...(await p.start(ctx)))
    ctx.log.info({ pipeline: p.name }, 'pipeline started')
  }
  return {
    async stop() {
      await Promise.allSettled(consumers.map((c) => c.stop()))
    },
  }
}
