import { readJwtPayload } from '../crypto/readJwtPayload.js'
import { WalletAuthError } from '../errors.js'
import { OidcClaims } from '../wire/oidcClaims.js'
import { parseWire } from '../wire/parseWire.js'

/** Options of `checkIdToken`. */
export interface CheckIdTokenOptions {
  /** The nonce the token must carry, from `oidcNonce(clientPublicKey)`. */
  nonce?: string
  /** How old `iat` may be, in seconds. Default 60, as the service enforces. */
  maxAgeSeconds?: number
  /** How far `iat` may be ahead of this device's clock, in seconds. Default 5. */
  skewSeconds?: number
  /** Clock. Default `Date.now`. */
  now?: () => number
}

/**
 * Decodes an ID token (without checking its signature: the service does) and checks what would
 * make the service refuse it, so the page can explain before sending: the claims' shape
 * (`OIDC_TOKEN_MALFORMED`), `iat` at most 60 s old (`OIDC_TOKEN_STALE`) and not ahead of this
 * clock (`OIDC_TOKEN_NOT_YET_VALID`), `exp` in the future (`OIDC_TOKEN_EXPIRED`) and the `nonce`
 * (`OIDC_NONCE_MISMATCH`). Returns the claims.
 *
 * @example
 * ```ts
 * const claims = checkIdToken(idToken, { nonce: await oidcNonce(clientPublicKey) })
 * ```
 */
export function checkIdToken(token: string, options: CheckIdTokenOptions = {}) {
  const { nonce, maxAgeSeconds = 60, skewSeconds = 5, now = Date.now } = options
  let payload: unknown
  try {
    payload = readJwtPayload(token)
  } catch (cause) {
    throw new WalletAuthError('OIDC_TOKEN_MALFORMED', 'The ID token is not a JWT.', { cause })
  }
  const claims = parseWire(OidcClaims, payload, 'ID token claims', 'OIDC_TOKEN_MALFORMED')
  const nowSeconds = now() / 1000
  // Stricter than the service on age and expiry: a token that passes here still passes there
  // a moment later. Skew only forgives an `iat` slightly ahead of this device's clock.
  if (claims.iat < nowSeconds - maxAgeSeconds) {
    throw new WalletAuthError(
      'OIDC_TOKEN_STALE',
      `The ID token was issued more than ${maxAgeSeconds} seconds ago; get a fresh one.`,
    )
  }
  if (claims.iat > nowSeconds + skewSeconds) {
    throw new WalletAuthError(
      'OIDC_TOKEN_NOT_YET_VALID',
      'The ID token was issued in the future: this device clock or the provider clock is off.',
    )
  }
  if (claims.exp <= nowSeconds) {
    throw new WalletAuthError('OIDC_TOKEN_EXPIRED', 'The ID token has expired.')
  }
  if (nonce !== undefined && claims.nonce !== nonce) {
    throw new WalletAuthError(
      'OIDC_NONCE_MISMATCH',
      'The ID token nonce is not the SHA-256 of this sign-in’s clientPublicKey.',
    )
  }
  return claims
}
