import { WalletAuthError } from '../errors.js'
import type { SessionKey } from '../keys/sessionKey.js'
import { stamp, WALLET_SIGNATURE_HEADER } from './stamp.js'

/** The fields of a 202 `SignedRetryChallenge` that stamping needs. */
export interface StampableChallenge {
  payloadToSign: string
  requestId: string
  expiresAt: string
}

/** Options of `stampChallenge`. */
export interface StampChallengeOptions {
  /** Header name for the signature. Default `Service-Wallet-Signature`. */
  headerName?: string
  /** Clock. Default `Date.now`. */
  now?: () => number
}

/**
 * Stamps a 202 challenge and returns the two headers of the signed retry. Refuses with
 * `CHALLENGE_EXPIRED` once `expiresAt` has passed (the service would answer 401 anyway).
 *
 * @example
 * ```ts
 * const body = await response.json() // the 202 SignedRetryChallenge
 * const headers = await stampChallenge(body, sessionKey)
 * await fetch(url, { method, body: sameBytes, headers: { ...original, ...headers } })
 * ```
 */
export async function stampChallenge(
  challenge: StampableChallenge,
  key: SessionKey,
  options: StampChallengeOptions = {},
): Promise<Record<string, string>> {
  const { headerName = WALLET_SIGNATURE_HEADER, now = Date.now } = options
  const { payloadToSign, requestId, expiresAt } = challenge ?? {}
  if (typeof payloadToSign !== 'string' || typeof requestId !== 'string' || !requestId) {
    throw new WalletAuthError('INVALID_RESPONSE', 'Not a signed-retry challenge.')
  }
  const deadline = typeof expiresAt === 'string' ? Date.parse(expiresAt) : Number.NaN
  if (Number.isNaN(deadline)) {
    throw new WalletAuthError('INVALID_RESPONSE', 'The challenge has no valid expiresAt.')
  }
  if (deadline <= now()) {
    throw new WalletAuthError('CHALLENGE_EXPIRED', 'The signed-retry challenge has expired.')
  }
  return { [headerName]: await stamp(payloadToSign, key), 'Request-Id': requestId }
}
