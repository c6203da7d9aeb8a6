import type { IngestJob } from './job.js'
import { industryInputsJob } from './industry/inputs-job.js'
import { marketOrdersJob } from './market/orders-job.js'
import { serverStatusJob } from './status/server-status-job.js'
import { killmailBackfillJob, killmailFeedJob } from './killmails/jobs.js'
import { packagedVolumesJob } from './appraisals/packaged-volumes-job.js'
import { sdeCheckJob } from './static/check.js'
import { systemActivityJob } from './system-activity/job.js'
import { theraJob } from './thera/job.js'

export const ingestJobs: IngestJob[] = [
  serverStatusJob,
  marketOrdersJob,
  killmailFeedJob,
  killmailBackfillJob,
  industryInputsJob,
  packagedVolumesJob,
  sdeCheckJob,
  systemActivityJob,
  theraJob,
]
