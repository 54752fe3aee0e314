import { bytesToBase64Url } from '../../crypto/bytesToBase64Url.js'
import { utf8 } from '../../crypto/utf8.js'
import type { SandboxContext } from '../context.js'

/**
 * The WebAuthn request options of an SCA passkey challenge (an SCA login's `passkeyOptions`, a
 * payment challenge's `passkeyAssertionOptions`): the challenge is `b64url(UTF-8(hex))`, as for
 * sign-in challenges (wire-formats section 7), and only the given passkeys may answer.
 *
 * @example
 * ```ts
 * passkeyRequestOptions(ctx, { webauthnChallenge, allowed: [{ id, transports }], timeout: 300_000 })
 * ```
 */
export function passkeyRequestOptions(
  ctx: SandboxContext,
  options: {
    webauthnChallenge: string
    allowed: ReadonlyArray<{ id: string; transports: string[] }>
    timeout: number
  },
): Record<string, unknown> {
  return {
    challenge: bytesToBase64Url(utf8(options.webauthnChallenge)),
    rpId: ctx.config.rpId,
    allowCredentials: options.allowed.map(({ id, transports }) => ({
      id,
      type: 'public-key',
      ...(transports.length > 0 ? { transports } : {}),
    })),
    userVerification: 'preferred',
    timeout: options.timeout,
  }
}
