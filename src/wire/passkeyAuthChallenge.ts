import * as z from 'zod/mini'
import { DateTime, prefixedId } from './primitives.js'

/**
 * Response of `/challenge` for a passkey: the hex challenge and the `Request-Id` for `/verify`.
 *
 * @example
 * ```ts
 * const { challenge, requestId } = parseWire(PasskeyAuthChallenge, await response.json(), 'Passkey challenge')
 * ```
 */
export const PasskeyAuthChallenge = z.looseObject({
  challenge: z.string().check(z.regex(/^(?:[0-9a-f]{2})+$/)),
  requestId: prefixedId('Request'),
  expiresAt: DateTime,
})
export type PasskeyAuthChallenge = z.infer<typeof PasskeyAuthChallenge>
