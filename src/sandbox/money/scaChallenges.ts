import { bytesToBase64Url } from '../../crypto/bytesToBase64Url.js'
import { sha256Hex } from '../../crypto/sha256Hex.js'
import { utf8 } from '../../crypto/utf8.js'
import { iso, newId, type SandboxContext } from '../context.js'
import { walletOf } from '../lookups.js'
import type { CredentialRecord } from '../store.js'
import type { QuoteRecord, ScaChallengeRecord } from './moneyState.js'

/**
 * The authorizations a cross-currency send needs, in order (spec "Rules for status values" 4):
 * one for the currency conversion, one for the payout.
 *
 * @example
 * ```ts
 * const next = SCA_STEPS[quote.sca.stepsDone] // undefined once all are done
 * ```
 */
export const SCA_STEPS = ['CURRENCY_CONVERSION', 'PAYOUT'] as const

/** How long one SCA step can be authorized; never past the quote's own expiry. */
export const SCA_CHALLENGE_TTL_MS = 2 * 60_000

/**
 * The PASSKEY credentials of a customer's embedded wallet: the ones that may answer a passkey step.
 *
 * @example
 * ```ts
 * const passkeys = customerPasskeys(ctx, quote.customerId)
 * ```
 */
export function customerPasskeys(ctx: SandboxContext, customerId: string | undefined): CredentialRecord[] {
  const wallet = customerId === undefined ? undefined : walletOf(ctx, customerId)
  if (!wallet) return []
  return ctx.store.credentials
    .where('account', wallet.id)
    .filter((credential) => credential.type === 'PASSKEY' && credential.passkey)
}

/**
 * Opens the next SCA step of a quote. Its WebAuthn challenge is the SHA-256 of a payload naming
 * the quote, the step and the amounts (PSD2 dynamic linking: the proof is for this payment). The
 * factor is PASSKEY when the customer's wallet has a passkey, SMS_OTP otherwise; either proof is
 * accepted.
 *
 * @example
 * ```ts
 * quote.sca = { challenge: await issueScaChallenge(ctx, quote, 'CURRENCY_CONVERSION'), stepsDone: 0 }
 * ```
 */
export async function issueScaChallenge(
  ctx: SandboxContext,
  quote: QuoteRecord,
  purpose: string,
): Promise<ScaChallengeRecord> {
  const now = ctx.clock.now()
  const id = newId('ScaChallenge')
  const passkeys = customerPasskeys(ctx, quote.customerId)
  const webauthnChallenge = await sha256Hex(
    JSON.stringify({
      organizationId: ctx.config.organizationId,
      parameters: {
        quoteId: quote.id,
        scaChallengeId: id,
        purpose,
        totalSendingAmount: quote.price.totalSendingAmount,
        sendingCurrency: quote.sendingCurrency,
        totalReceivingAmount: quote.price.totalReceivingAmount,
        receivingCurrency: quote.receivingCurrency,
        destination: quote.destination,
      },
      timestampMs: String(now),
      type: 'ACTIVITY_TYPE_AUTHORIZE_PAYMENT',
    }),
  )
  return {
    id,
    expiresAt: Math.min(now + SCA_CHALLENGE_TTL_MS, quote.expiresAt),
    factor: passkeys.length > 0 ? 'PASSKEY' : 'SMS_OTP',
    availableFactors: ['SMS_OTP', 'PASSKEY'],
    purpose,
    webauthnChallenge,
    passkeys: passkeys.map((credential) => ({
      id: credential.passkey?.credentialId ?? '',
      transports: credential.passkey?.transports ?? [],
    })),
  }
}

/**
 * An SCA step as the API shows it (ScaChallenge). A passkey step carries WebAuthn request options
 * whose challenge is `b64url(UTF-8(hex))`, as for sign-in challenges (wire-formats section 7);
 * per-transaction challenges omit `passkeyAllowedOrigins`.
 *
 * @example
 * ```ts
 * const body = { ...quote, scaChallenge: scaChallengeView(ctx, challenge) }
 * ```
 */
export function scaChallengeView(
  ctx: SandboxContext,
  challenge: ScaChallengeRecord,
): Record<string, unknown> {
  return {
    id: challenge.id,
    expiresAt: iso(challenge.expiresAt),
    factor: challenge.factor,
    availableFactors: challenge.availableFactors,
    purpose: challenge.purpose,
    ...(challenge.factor === 'PASSKEY'
      ? {
          passkeyAssertionOptions: {
            challenge: bytesToBase64Url(utf8(challenge.webauthnChallenge)),
            rpId: ctx.config.rpId,
            allowCredentials: challenge.passkeys.map(({ id, transports }) => ({
              id,
              type: 'public-key',
              ...(transports.length > 0 ? { transports } : {}),
            })),
            userVerification: 'preferred',
            timeout: Math.max(0, challenge.expiresAt - ctx.clock.now()),
          },
        }
      : {}),
  }
}
