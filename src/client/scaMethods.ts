import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser'
import { WalletAuthError } from '../errors.js'
import { checkedOrigin, passkeyAssertion } from '../passkey/passkeyAssertion.js'
import { passkeyRegistration } from '../passkey/passkeyRegistration.js'
import { loadWebAuthn } from '../passkey/webAuthnLibrary.js'
import {
  PasskeyEnrolmentConfirm,
  PasskeyEnrolmentStart,
  TotpEnrolmentConfirm,
  TotpEnrolmentStart,
} from '../sca/scaEnrolment.js'
import { ScaFactorList, type ScaFactorView } from '../sca/scaFactor.js'
import { ScaLoginComplete, ScaLoginStart } from '../sca/scaLogin.js'
import { ScaResetStart, ScaResetStatus } from '../wire/scaReset.js'
import type { ClientContext } from './clientContext.js'
import { relayConfirmedFetch } from './relayConfirmedFetch.js'

/** A factor an SCA login can use. */
export type ScaLoginFactor = 'SMS_OTP' | 'TOTP' | 'PASSKEY'

/** Options of `sca.completeLogin`. */
export interface ScaLoginCompleteOptions {
  /** What `sca.startLogin` answered. */
  started: ScaLoginStart
  /** The code of an `SMS_OTP` or `TOTP` login; a `PASSKEY` login runs the ceremony instead. */
  code?: string
  /**
   * The end user's device address, for the service's risk assessment (required by the service):
   * the address your backend saw the page's request come from, never your server's.
   */
  endUserIpAddress: string
  /** The origin a passkey runs on. Default `location.origin`. */
  origin?: string
}

/** Options of `sca.completeReset`. */
export interface ScaResetCompleteOptions {
  /**
   * For an `SMS_OTP` reset (required there, ignored for the others): the phone the customer's
   * codes go to from now on, in two parts, e.g. `{ countryCode: '+33', number: '612345678' }`.
   */
  mobile?: { countryCode: string; number: string }
}

/**
 * Strong customer authentication for a customer who needs it (today: an EU address; the others
 * get the service's `CONFLICT`). Listing, starting an enrolment and logging in take no wallet
 * signature: the relay judges the customer named. Confirming an enrolment and removing a factor
 * and completing a lost factor's reset are confirmed by the relay: the session signs the relay's
 * activity naming exactly that act, after the client's `confirm` said yes (`CONFIRMATION_DECLINED`
 * otherwise, nothing sent).
 *
 * @example
 * ```ts
 * const started = await wallet.sca.startLogin(customerId, 'SMS_OTP')
 * await wallet.sca.completeLogin(customerId, { started, code: codeInput.value, endUserIpAddress })
 * ```
 */
export interface ScaMethods {
  /** The customer's enrolled factors; `SMS_OTP` is there once its phone is verified. */
  factors(customerId: string): Promise<ScaFactorView[]>
  /**
   * Starts enrolling a passkey as the customer's SCA factor (one per customer; a second is
   * `PASSKEY_ALREADY_ENROLLED`): the service's creation options. Call it before the user's tap
   * (when the page shows the button), so that `confirmPasskey` starts the ceremony at once: Safari
   * on iOS lets a ceremony start only right after the user's gesture, not after a network call.
   */
  startPasskey(customerId: string): Promise<PasskeyEnrolmentStart>
  /**
   * Runs the WebAuthn ceremony of a started enrolment on an origin the service allows (else
   * `PASSKEY_ORIGIN_NOT_ALLOWED`, before any prompt) and confirms it. A passkey the customer signs
   * in with is not an SCA factor until enrolled here. Call it from a click handler.
   */
  confirmPasskey(
    customerId: string,
    options: { started: PasskeyEnrolmentStart; origin?: string },
  ): Promise<ScaFactorView>
  /** Starts a TOTP enrolment: show `totpUri` as a QR code (or `secretBase32Encoded`), then `confirmTotp`. */
  startTotp(customerId: string): Promise<TotpEnrolmentStart>
  /** Confirms a TOTP enrolment with the app's first code; returns the recovery codes (show them once). */
  confirmTotp(customerId: string, proof: { secret: string; code: string }): Promise<string[]>
  /** Removes an enrolled passkey factor by its `credentialId`. */
  removeFactor(customerId: string, credentialId: string): Promise<void>
  /** Starts an SCA login with an enrolled factor: an `SMS_OTP` login sends the code. */
  startLogin(customerId: string, factor: ScaLoginFactor): Promise<ScaLoginStart>
  /**
   * Completes an SCA login with the code, or for a passkey login with the ceremony (call it from a
   * click handler), opening the customer's SCA session until `sessionExpiresAt`; payments in
   * SCA-regulated currencies are refused with `SCA_SESSION_REQUIRED` without one. A wrong code is
   * the service's 400: the same `started` login may be completed again.
   */
  completeLogin(customerId: string, options: ScaLoginCompleteOptions): Promise<ScaLoginComplete>
  /**
   * Starts resetting a factor the customer lost (enrolled; at most 5 starts a day, then
   * `RATE_LIMITED` with `retryAfter`): the person then passes the service's identity check with
   * `livenessAccessToken` or `verificationLink`.
   */
  startReset(customerId: string, factor: ScaLoginFactor): Promise<ScaResetStart>
  /** Where a reset stands: poll until `LIVENESS_PASSED` (then `completeReset`) or a final status. */
  resetStatus(customerId: string, resetId: string): Promise<ScaResetStatus>
  /**
   * Completes a reset whose identity check passed, clearing the lost factor (the service's 400
   * before then). For an `SMS_OTP` reset, `mobile` becomes the phone the codes go to. The person
   * confirms it first (`confirm`, told the new phone): it changes how payments are approved.
   */
  completeReset(customerId: string, resetId: string, options?: ScaResetCompleteOptions): Promise<void>
}

/**
 * The `sca` methods of a client, calling through its context (the relay's SCA routes).
 *
 * @example
 * ```ts
 * const sca = createScaMethods(ctx)
 * const factors = await sca.factors(customerId)
 * ```
 */
export function createScaMethods(ctx: ClientContext): ScaMethods {
  const query = (customerId: string) => `?customerId=${encodeURIComponent(customerId)}`
  const relayConfirmed = relayConfirmedFetch(ctx)

  async function passkeyProof(started: ScaLoginStart, origin: string | undefined) {
    if (!started.passkeyOptions) {
      throw new WalletAuthError('INVALID_RESPONSE', 'The passkey login has no passkeyOptions.')
    }
    const checks = { allowedOrigins: started.allowedOrigins, origin }
    const assertion = await passkeyAssertion({
      ...checks,
      optionsJSON: started.passkeyOptions as unknown as PublicKeyCredentialRequestOptionsJSON,
    })
    return { passkeyAssertion: assertion, origin: checkedOrigin(checks) }
  }

  return {
    async factors(customerId) {
      return (await ctx.call('GET', `/sca/factors${query(customerId)}`, { schema: ScaFactorList })).factors
    },
    startPasskey: (customerId) =>
      ctx.call('POST', `/sca/factors${query(customerId)}`, {
        body: { type: 'PASSKEY' },
        schema: PasskeyEnrolmentStart,
      }),
    async confirmPasskey(customerId, { started, origin: pageOrigin }) {
      const origin = checkedOrigin({ allowedOrigins: started.allowedOrigins, origin: pageOrigin })
      const { attestation } = await passkeyRegistration({
        optionsJSON: started.options as unknown as PublicKeyCredentialCreationOptionsJSON,
        nickname: 'SCA',
      })
      const confirmed = await ctx.call('POST', `/sca/factors/confirm${query(customerId)}`, {
        body: { type: 'PASSKEY', origin, credential: attestation },
        schema: PasskeyEnrolmentConfirm,
        fetch: relayConfirmed,
      })
      return confirmed.factor
    },
    startTotp: (customerId) =>
      ctx.call('POST', `/sca/factors${query(customerId)}`, {
        body: { type: 'TOTP' },
        schema: TotpEnrolmentStart,
      }),
    async confirmTotp(customerId, { secret, code }) {
      const confirmed = await ctx.call('POST', `/sca/factors/confirm${query(customerId)}`, {
        body: { type: 'TOTP', secret, code },
        schema: TotpEnrolmentConfirm,
        fetch: relayConfirmed,
      })
      return confirmed.recoveryCodes
    },
    async removeFactor(customerId, credentialId) {
      await ctx.call('DELETE', `/sca/factors/${encodeURIComponent(credentialId)}${query(customerId)}`, {
        fetch: relayConfirmed,
      })
    },
    startLogin: (customerId, factor) => {
      // A passkey login's ceremony runs from the person's click: its library is loaded meanwhile.
      if (factor === 'PASSKEY') void loadWebAuthn().catch(() => {})
      return ctx.call('POST', `/sca/login/start${query(customerId)}`, {
        body: { factor },
        schema: ScaLoginStart,
      })
    },
    async completeLogin(customerId, { started, code, endUserIpAddress, origin }) {
      const isPasskey = started.factor === 'PASSKEY'
      if (!isPasskey && typeof code !== 'string') {
        throw new WalletAuthError('INVALID_ARGUMENT', `A ${started.factor} login is completed with its code.`)
      }
      const proof = isPasskey ? await passkeyProof(started, origin) : { code }
      return ctx.call('POST', `/sca/login/complete${query(customerId)}`, {
        body: {
          factor: started.factor,
          endUserIpAddress,
          ...(started.challengeId ? { challengeId: started.challengeId } : {}),
          ...proof,
        },
        schema: ScaLoginComplete,
      })
    },
    startReset: (customerId, factor) =>
      ctx.call('POST', `/sca/factors/reset${query(customerId)}`, { body: { factor }, schema: ScaResetStart }),
    resetStatus: (customerId, resetId) =>
      ctx.call('GET', `/sca/factors/reset/${encodeURIComponent(resetId)}${query(customerId)}`, {
        schema: ScaResetStatus,
      }),
    async completeReset(customerId, resetId, { mobile } = {}) {
      // No body unless a phone is named: the contract's "omit the body" for the other factors.
      const path = `/sca/factors/reset/${encodeURIComponent(resetId)}/complete${query(customerId)}`
      await ctx.call('POST', path, {
        ...(mobile === undefined
          ? {}
          : { body: { mobile: { countryCode: mobile.countryCode, number: mobile.number } } }),
        fetch: relayConfirmed,
      })
    },
  }
}
