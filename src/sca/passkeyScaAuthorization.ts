import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { WalletAuthError } from '../errors.js'
import { checkedOrigin, passkeyAssertion } from '../passkey/passkeyAssertion.js'
import type { PasskeyAssertion } from '../wire/passkeyAssertion.js'
import type { ScaChallenge } from '../wire/scaChallenge.js'

/**
 * Answers a passkey SCA step: checks the page origin against `passkeyAllowedOrigins` when the
 * challenge has them, runs the assertion with its `passkeyAssertionOptions`, and returns the
 * authorization with the `origin` echoed back.
 *
 * @example
 * ```ts
 * onChallenge: ({ challenge }) => challenge.factor === 'PASSKEY'
 *   ? passkeyScaAuthorization(challenge)
 *   : askForSmsCode().then((otpCode) => ({ otpCode })),
 * ```
 */
export async function passkeyScaAuthorization(
  challenge: ScaChallenge,
  options: { origin?: string } = {},
): Promise<{ passkeyAssertion: PasskeyAssertion; origin: string }> {
  const optionsJSON = challenge.passkeyAssertionOptions
  if (!optionsJSON || typeof optionsJSON.challenge !== 'string') {
    throw new WalletAuthError('INVALID_RESPONSE', 'The SCA challenge has no passkey assertion options.')
  }
  const checks = { allowedOrigins: challenge.passkeyAllowedOrigins, origin: options.origin }
  const origin = checkedOrigin(checks)
  const assertion = await passkeyAssertion({
    ...checks,
    optionsJSON: optionsJSON as unknown as PublicKeyCredentialRequestOptionsJSON,
  })
  return { passkeyAssertion: assertion, origin }
}
