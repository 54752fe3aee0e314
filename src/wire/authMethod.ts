import * as z from 'zod/mini'
import { DateTime, prefixedId } from './primitives.js'

/**
 * The four credential types of an embedded-wallet account.
 *
 * @example
 * ```ts
 * CredentialType.options // ['PASSKEY', 'OAUTH', 'EMAIL_OTP', 'SMS_OTP']
 * ```
 */
export const CredentialType = z.enum(['PASSKEY', 'OAUTH', 'EMAIL_OTP', 'SMS_OTP'])
export type CredentialType = z.infer<typeof CredentialType>

/**
 * A credential on an embedded-wallet account.
 *
 * @example
 * ```ts
 * const { data } = await response.json()
 * const credentials = data.map((item: unknown) => parseWire(AuthMethod, item, 'AuthMethod'))
 * ```
 */
export const AuthMethod = z.looseObject({
  id: prefixedId('AuthMethod'),
  accountId: prefixedId('InternalAccount'),
  type: CredentialType,
  nickname: z.optional(z.string()),
  credentialId: z.optional(z.string()),
  otpEncryptionTargetBundle: z.optional(z.string()),
  createdAt: z.optional(DateTime),
  updatedAt: z.optional(DateTime),
})
export type AuthMethod = z.infer<typeof AuthMethod>
