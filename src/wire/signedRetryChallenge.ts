import * as z from 'zod/mini'
import { DateTime, prefixedId } from './primitives.js'

/**
 * The 202 body of every signed-retry operation (wire-formats section 8).
 *
 * @example
 * ```ts
 * if (response.status === 202) {
 *   const challenge = parseWire(SignedRetryChallenge, await response.json(), 'Challenge')
 * }
 * ```
 */
export const SignedRetryChallenge = z.looseObject({
  type: z.optional(z.string()),
  payloadToSign: z.string().check(z.minLength(1)),
  requestId: prefixedId('Request'),
  expiresAt: DateTime,
})
export type SignedRetryChallenge = z.infer<typeof SignedRetryChallenge>
