import * as z from 'zod/mini'
import { CredentialType } from './authMethod.js'
import { DateTime, prefixedId } from './primitives.js'

/**
 * PASSKEY or OAUTH verify (sealed-key mode): the session key arrives sealed to `clientPublicKey`.
 *
 * @example
 * ```ts
 * const { encryptedSessionSigningKey } = parseWire(SealedAuthSession, await response.json(), 'AuthSession')
 * ```
 */
export const SealedAuthSession = z.looseObject({
  encryptedSessionSigningKey: z.string().check(z.minLength(1)),
  expiresAt: DateTime,
  id: z.optional(prefixedId('Session')),
  accountId: z.optional(z.string()),
  type: z.optional(CredentialType),
})
export type SealedAuthSession = z.infer<typeof SealedAuthSession>

/**
 * OTP verify, client-held-key verify, refresh and session lists: the client already holds the key.
 *
 * @example
 * ```ts
 * const { id, expiresAt } = parseWire(ClientKeyAuthSession, await response.json(), 'AuthSession')
 * ```
 */
export const ClientKeyAuthSession = z.looseObject({
  id: prefixedId('Session'),
  accountId: z.string(),
  type: CredentialType,
  nickname: z.optional(z.string()),
  createdAt: z.optional(DateTime),
  updatedAt: z.optional(DateTime),
  expiresAt: DateTime,
})
export type ClientKeyAuthSession = z.infer<typeof ClientKeyAuthSession>

/**
 * Response of a successful verify or refresh, in either case.
 *
 * @example
 * ```ts
 * const session = parseWire(AuthSession, await response.json(), 'AuthSession')
 * ```
 */
export const AuthSession = z.union([SealedAuthSession, ClientKeyAuthSession])
export type AuthSession = z.infer<typeof AuthSession>
