import * as z from 'zod/mini'

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
  details: z.optional(z.record(z.string(), z.unknown())),
  reason: z.optional(z.string()),
})
export type ErrorBody = z.infer<typeof ErrorBody>
