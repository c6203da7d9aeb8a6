let last = 0

/**
 * Now, but always later than the previous call in this process. Rows of a ReplacingMergeTree keyed by an
 * `updated_at` version need two quick edits of the same row (an edit and a delete in one millisecond) to order.
 */
export function versionTime(): Date {
  last = Math.max(Date.now(), last + 1)
  return new Date(last)
}

/** The SQL expression that reads a DateTime64 column as epoch milliseconds (JSON numbers come back as strings). */
export const msOf = (column: string) => `toUnixTimestamp64Milli(${column})`
export const isoFromMs = (ms: string | number) => new Date(Number(ms)).toISOString()
