import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { WalletAuthError } from '../errors.js'
import { checkedOrigin, passkeyAssertion } from '../passkey/passkeyAssertion.js'
import type { PasskeyAssertion } from '../wire/passkeyAssertion.js'
import type { ScaChallenge } from '../wire/scaChallenge.js'

/**
 * Answers a passkey SCA step: checks the origin against `passkeyAllowedOrigins` when the
 * challenge has them (per-payment challenges do not), runs the assertion with its
 * `passkeyAssertionOptions`, and returns the authorization with the origin it ran on: `origin`
 * when given, else the page's `location.origin`.
 *
 * @example
 * ```ts
 * onChallenge: ({ challenge }) => challenge.factor === 'PASSKEY'
 *   ? passkeyScaAuthorization(challenge)
 *   : askForSmsCode().then((code) => ({ code })),
 * ```
 */
export async function passkeyScaAuthorization(
  challenge: ScaChallenge,
  options: { origin?: string; endUserIpAddress?: string } = {},
): Promise<{ passkeyAssertion: PasskeyAssertion; origin: string; endUserIpAddress?: string }> {
  const optionsJSON = challenge.passkeyAssertionOptions
  if (!optionsJSON || typeof optionsJSON.challenge !== 'string') {
    throw new WalletAuthError('INVALID_RESPONSE', 'The SCA challenge has no passkey assertion options.')
  }
  const checks = { allowedOrigins: challenge.passkeyAllowedOrigins, origin: options.origin }
  const origin = checkedOrigin(checks)
  if (!origin) {
    throw new WalletAuthError('INVALID_ARGUMENT', 'No page origin here: pass the origin the passkey runs on.')
  }
  const assertion = await passkeyAssertion({
    ...checks,
    optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON,
  })
  return {
    passkeyAssertion: assertion,
    origin,
    ...(options.endUserIpAddress === undefined ? {} : { endUserIpAddress: options.endUserIpAddress }),
  }
}
