import { z } from 'zod'
import { describeZodError, type HttpError } from '../../../platform/http/errors.js'

/**
 * A 400 for a request that passed the schema but names something the data does not have (an unknown site, one site
 * listed twice): the same player sentence the schema's own refusals get ("Check the site name of site run 1: …"),
 * with the field's path kept in `details` for API callers.
 */
export function refuseBody(path: Array<string | number>, message: string, body?: unknown): HttpError {
  return describeZodError('body', new z.ZodError([{ code: 'custom', path, message, input: undefined }]), body)
}
