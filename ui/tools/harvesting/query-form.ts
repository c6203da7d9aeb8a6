/**
 * A calculator form kept in the query string, so a link reproduces the fleet: each field has a short parameter name
 * and a rule for what it may hold. Reading never throws: a missing or unreadable value takes the default, and the
 * fields that were unreadable are reported so the page can say so.
 */

import { findLoose } from '../../../schemas/harvesting-options'

export type FieldRule =
  | { kind: 'choice'; values: readonly string[] }
  | { kind: 'text'; max: number }
  | { kind: 'int'; min: number; max: number }
  | { kind: 'number'; values: readonly number[] }
  | { kind: 'bool' }

export type FormSpec<T> = { [K in keyof T]: { param: string; rule: FieldRule } }

function readValue(raw: string, rule: FieldRule): unknown {
  switch (rule.kind) {
    case 'choice':
      return findLoose(rule.values, raw)
    case 'text':
      return raw.length <= rule.max ? raw : undefined
    case 'int': {
      // Number('') and Number(' ') are 0: a blank value is no number, not level 0.
      const n = raw.trim() === '' ? NaN : Number(raw)
      return Number.isInteger(n) && n >= rule.min && n <= rule.max ? n : undefined
    }
    case 'number':
      return raw.trim() === '' ? undefined : rule.values.find((v) => Math.abs(v - Number(raw)) < 1e-9)
    case 'bool':
      return raw === '1' ? true : raw === '0' ? false : undefined
  }
}

export interface ReadForm<T> {
  form: T
  /** Parameters present but unusable (their fields keep the default). */
  unreadable: string[]
}

export function readForm<T extends object>(params: URLSearchParams, spec: FormSpec<T>, defaults: T): ReadForm<T> {
  const form = { ...defaults }
  const unreadable: string[] = []
  for (const key of Object.keys(spec) as Array<keyof T>) {
    const { param, rule } = spec[key]
    const raw = params.get(param)
    if (raw === null) continue
    const value = readValue(raw, rule)
    if (value === undefined) unreadable.push(param)
    else form[key] = value as T[keyof T]
  }
  return { form, unreadable }
}

export function writeForm<T extends object>(form: T, spec: FormSpec<T>): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of Object.keys(spec) as Array<keyof T>) {
    const value = form[key]
    params.set(spec[key].param, typeof value === 'boolean' ? (value ? '1' : '0') : String(value))
  }
  return params
}

/** True when the query string carries at least one field of the form (a shared link, not a bare visit). */
export const carriesForm = <T extends object>(params: URLSearchParams, spec: FormSpec<T>) =>
  Object.values<{ param: string }>(spec).some((f) => params.has(f.param))
