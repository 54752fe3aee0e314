import { bytesToBase64Url } from '../crypto/bytesToBase64Url.js'
import { utf8 } from '../crypto/utf8.js'
import { WalletAuthError } from '../errors.js'

/** Options of `mintSandboxIdToken`. */
export interface SandboxIdTokenOptions {
  /** Issuer. Default `'https://accounts.google.com'` (one the sandbox supports). */
  iss?: string
  /** Audience: your OAuth client id. */
  aud: string
  /** Subject: the user's stable id at the issuer. */
  sub: string
  /** The `email` claim, which the service uses as the credential's nickname. */
  email?: string
  /** `oidcNonce(clientPublicKey)` for `/verify`; leave out when registering the credential. */
  nonce?: string
  /** Clock. Default `Date.now`; pass the sandbox's `clock.now` when its clock is moved. */
  now?: () => number
  /** Lifetime, `exp - iat`. Default 3600 seconds. */
  ttlSeconds?: number
}

// Readable in any log: `sandbox-unsigned`. No production issuer would accept it.
const UNSIGNED = bytesToBase64Url(utf8('sandbox-unsigned'))

const segment = (value: unknown) => bytesToBase64Url(utf8(JSON.stringify(value)))

/**
 * SANDBOX ONLY. Mints an unsigned, JWT-shaped OIDC ID token with the claims the sandbox checks
 * (wire-formats section 9): `iss`, `aud`, `sub`, `iat` = now, `exp` = now + ttl, and `email` and
 * `nonce` when given. Its signature segment is a dummy, so only the sandbox (which skips the
 * signature check) accepts it; in production the identity provider issues the token.
 *
 * @example
 * ```ts
 * const clientPublicKey = (await generateSessionKey()).publicKey
 * const oidcToken = mintSandboxIdToken({
 *   aud: 'my-client-id',
 *   sub: 'user-42',
 *   nonce: await oidcNonce(clientPublicKey),
 *   now: sandbox.clock.now,
 * })
 * ```
 */
export function mintSandboxIdToken(options: SandboxIdTokenOptions): string {
  const {
    iss = 'https://accounts.google.com',
    aud,
    sub,
    email,
    nonce,
    now = Date.now,
    ttlSeconds = 3600,
  } = options
  for (const [name, value] of Object.entries({ iss, aud, sub })) {
    if (typeof value !== 'string' || value === '') {
      throw new WalletAuthError('INVALID_ARGUMENT', `mintSandboxIdToken needs a non-empty ${name}.`)
    }
  }
  if (!(ttlSeconds > 0)) throw new WalletAuthError('INVALID_ARGUMENT', 'ttlSeconds must be positive.')
  const iat = Math.floor(now() / 1000)
  const claims = {
    iss,
    aud,
    sub,
    iat,
    exp: iat + ttlSeconds,
    ...(email === undefined ? {} : { email }),
    ...(nonce === undefined ? {} : { nonce }),
  }
  return `${segment({ alg: 'RS256', typ: 'JWT', kid: 'sandbox-unsigned' })}.${segment(claims)}.${UNSIGNED}`
}
