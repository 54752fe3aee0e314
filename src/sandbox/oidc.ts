import { WalletAuthError } from '../errors.js'
import { checkIdToken } from '../oauth/checkIdToken.js'
import { oidcNonce } from '../oauth/oidcNonce.js'
import type { OidcClaims } from '../wire/oidcClaims.js'
import type { SandboxContext } from './context.js'
import { invalidInput, unauthorized } from './sandboxError.js'

/** Issuers the sandbox accepts (wire-formats section 9). */
export const SUPPORTED_ISSUERS = [
  'https://accounts.google.com',
  'accounts.google.com',
  'https://appleid.apple.com',
]

/**
 * The provider name the service's activities give an issuer (`Google`, `Apple`).
 *
 * @example
 * ```ts
 * providerName('https://accounts.google.com') // 'Google'
 * ```
 */
export function providerName(issuer: string): string {
  if (issuer.includes('google.com')) return 'Google'
  if (issuer.includes('apple.com')) return 'Apple'
  return issuer
}

/**
 * Checks an OIDC token the way the sandbox does (wire-formats section 9; the signature segment is
 * not checked): a malformed JWT is 400 `INVALID_INPUT`, every failed claim check a 401 whose
 * `reason` names it. With `clientPublicKey`, the nonce must be its SHA-256.
 */
export async function checkSandboxToken(
  ctx: SandboxContext,
  token: string,
  clientPublicKey?: string,
): Promise<OidcClaims & { aud: string }> {
  let claims: OidcClaims
  try {
    // 60 s of age plus the sandbox's 5 s of skew.
    claims = checkIdToken(token, {
      now: ctx.clock.now,
      maxAgeSeconds: 65,
      skewSeconds: 5,
      ...(clientPublicKey === undefined ? {} : { nonce: await oidcNonce(clientPublicKey) }),
    })
  } catch (error) {
    if (!(error instanceof WalletAuthError)) throw error
    if (error.code === 'OIDC_TOKEN_MALFORMED') throw invalidInput(`Malformed OIDC token: ${error.message}`)
    const reasons: Record<string, string> = {
      OIDC_TOKEN_STALE: 'OIDC token iat is more than 60 seconds old',
      OIDC_TOKEN_NOT_YET_VALID: 'OIDC token iat is in the future',
      OIDC_TOKEN_EXPIRED: 'OIDC token has expired',
      OIDC_NONCE_MISMATCH: 'OIDC token nonce is not the SHA-256 of clientPublicKey',
    }
    throw unauthorized(reasons[error.code] ?? error.message)
  }
  if (!SUPPORTED_ISSUERS.includes(claims.iss)) throw unauthorized('OIDC token issuer is not supported')
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud
  return { ...claims, aud: aud ?? '' }
}
