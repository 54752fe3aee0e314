import * as z from 'zod/mini'
import { JsonObject } from './primitives.js'

/**
 * The service's Error object; the sandbox adds `reason` on authentication failures.
 *
 * @example
 * ```ts
 * const { code, message } = parseWire(ErrorBody, await response.json(), 'Error')
 * ```
 */
export const ErrorBody = z.looseObject({
  status: z.int(),
  code: z.string(),
  message: z.string(),
  // null is read as absent: tolerant in what we accept (wire-formats section 12).
  details: z.nullish(JsonObject),
  reason: z.nullish(z.string()),
})
export type ErrorBody = z.infer<typeof ErrorBody>
