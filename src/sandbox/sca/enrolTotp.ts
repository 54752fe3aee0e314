import { bytesToHex } from '../../crypto/bytesToHex.js'
import { SANDBOX_SCA_CODE } from '../money/verifyScaProof.js'
import { invalidInput } from '../sandboxError.js'
import type { CustomerRecord } from '../store.js'
import type { ScaRecord } from './scaState.js'

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567'

/** RFC 4648 base32 without padding, as authenticator apps take a secret typed in. */
function base32(bytes: Uint8Array): string {
  let bits = 0
  let value = 0
  let out = ''
  for (const byte of bytes) {
    value = (value << 8) | byte
    bits += 8
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31]
      bits -= 5
    }
  }
  return bits > 0 ? out + BASE32[(value << (5 - bits)) & 31] : out
}

/**
 * Starts a TOTP enrolment (TotpEnrollmentStart): a fresh shared secret (hex), its base32 form and
 * the `otpauth://` URI. The secret is kept until confirmed or replaced by the next start.
 *
 * @example
 * ```ts
 * return c.json(startTotpEnrolment({ customer, record }))
 * ```
 */
export function startTotpEnrolment(options: {
  customer: CustomerRecord
  record: ScaRecord
}): Record<string, string> {
  const bytes = crypto.getRandomValues(new Uint8Array(20))
  const secret = bytesToHex(bytes)
  options.record.pendingTotpSecret = secret
  const label = encodeURIComponent(`Sandbox:${options.customer.email ?? options.customer.id}`)
  const secretBase32Encoded = base32(bytes)
  return {
    type: 'TOTP',
    secret,
    secretBase32Encoded,
    totpUri: `otpauth://totp/${label}?secret=${secretBase32Encoded}&issuer=Sandbox`,
  }
}

/**
 * Confirms a TOTP enrolment: the secret of the last start and the sandbox's code `123456` (400
 * `INVALID_INPUT` otherwise). The factor replaces any TOTP enrolled before; returns its one-time
 * recovery codes (TotpEnrollmentConfirmResponse).
 *
 * @example
 * ```ts
 * return c.json(confirmTotpEnrolment({ record, secret: body.secret, code: body.code }))
 * ```
 */
export function confirmTotpEnrolment(options: { record: ScaRecord; secret: string; code: string }): {
  type: 'TOTP'
  recoveryCodes: string[]
} {
  const { record } = options
  if (record.pendingTotpSecret === undefined || record.pendingTotpSecret !== options.secret) {
    throw invalidInput('The secret is not that of a pending TOTP enrolment.')
  }
  if (options.code !== SANDBOX_SCA_CODE) throw invalidInput('The TOTP code is wrong.')
  record.totpSecret = record.pendingTotpSecret
  delete record.pendingTotpSecret
  const recoveryCodes = Array.from({ length: 8 }, () =>
    base32(crypto.getRandomValues(new Uint8Array(10))).replace(/(.{4})(?!$)/g, '$1-'),
  )
  return { type: 'TOTP', recoveryCodes }
}
