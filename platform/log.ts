import pino, { type Logger } from 'pino'

export type { Logger }

/** Structured JSON logs on stdout, one logger per process; children carry a `component` field. */
export function createLogger(level: string = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, base: { pid: process.pid }, timestamp: pino.stdTimeFunctions.isoTime })
}
