import { bytesToHex } from '../crypto/bytesToHex.js'
import { hexToBytes } from '../crypto/hexToBytes.js'
import { compressPublicKey } from '../crypto/p256.js'
import { readJwtPayload } from '../crypto/readJwtPayload.js'
import { WalletAuthError } from '../errors.js'

const refusal = (message: string, field: string) =>
  new WalletAuthError('PAYLOAD_MISMATCH', message, { details: { field } })

/**
 * Checks the OTP sign-in's one payload before the TEK signs it: a verification token (JWT-shaped)
 * whose claims name this TEK, and nothing else (an activity JSON, another key, a second leg).
 * The TEK becomes the session's key once the sign-in completes, so a signature it gave before then
 * on another payload could be spent on the wallet afterwards.
 *
 * @example
 * ```ts
 * checkVerificationToken(challenge.payloadToSign, { tekPublicKey: tek.publicKey, leg: 0 })
 * ```
 */
export function checkVerificationToken(
  payloadToSign: string,
  options: { tekPublicKey: string; leg: number },
): void {
  if (options.leg > 0) throw refusal('An OTP sign-in is signed once.', 'leg')
  let claims: unknown
  try {
    claims = readJwtPayload(payloadToSign)
  } catch (cause) {
    throw new WalletAuthError(
      'PAYLOAD_MISMATCH',
      'The OTP sign-in asks to sign something else than its token.',
      {
        cause,
        details: { field: 'payload' },
      },
    )
  }
  const named = typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {}
  const key = named.publicKey ?? named.public_key
  if (typeof key !== 'string' || compressed(key) !== options.tekPublicKey.toLowerCase()) {
    throw refusal("The verification token names another key than this sign-in's.", 'publicKey')
  }
}

function compressed(key: string): string | undefined {
  const given = key.toLowerCase()
  if (given.length !== 130) return given
  try {
    return bytesToHex(compressPublicKey(hexToBytes(given, 65)))
  } catch {
    return undefined
  }
}
