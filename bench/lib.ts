import autocannon from 'autocannon'

export interface LoadResult {
  label: string
  requestsPerSecond: number
  p50: number
  p99: number
  errors: number
  non2xx: number
}

/** Load one URL with autocannon and report throughput and latency percentiles (ms). */
export async function load(
  label: string,
  url: string,
  options: {
    connections?: number
    durationSeconds?: number
    overallRate?: number
    method?: 'GET' | 'POST'
    body?: string
    headers?: Record<string, string>
  } = {},
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: options.connections ?? 20,
    duration: options.durationSeconds ?? 8,
    method: options.method ?? 'GET',
    ...(options.overallRate ? { overallRate: options.overallRate } : {}),
    ...(options.body ? { body: options.body } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
  })
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  }
}

export function printLoad(results: LoadResult[]): void {
  console.table(results.map((r) => ({ endpoint: r.label, 'req/s': r.requestsPerSecond, 'p50 ms': r.p50, 'p99 ms': r.p99, errors: r.errors, non2xx: r.non2xx })))
}

export const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
