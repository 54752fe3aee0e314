import type { PaymentResult } from '../client/quoteMethods.js'
import type { WalletAuthError } from '../errors.js'
import type { ScaStep } from '../sca/authorizeSca.js'
import type { AuthMethod } from '../wire/authMethod.js'
import type { ElementSession } from './elementClient.js'

/**
 * Why a session-following element went back to signed out: `expired` (also a session the service
 * ended, e.g. revoked from another device), `signed-out` (in this page) or `signed-out-elsewhere`
 * (another tab or window of the site).
 */
export type SessionEndReason = 'expired' | 'signed-out' | 'signed-out-elsewhere'

/**
 * The DOM events of the elements, by name (all bubble and cross shadow roots).
 *
 * @example
 * ```ts
 * form.addEventListener('wallet-signed-in', (event) => show(event.detail.session))
 * form.addEventListener('wallet-error', (event) => log(event.detail.error.code))
 * ```
 */
export interface WalletElementEventMap {
  /** A sign-in finished: the session key is stored (in signer mode, in the signer; no key here). */
  'wallet-signed-in': CustomEvent<{ session: ElementSession }>
  /** A step failed: the element shows the sentence; `error.code` is the kit's or the service's. */
  'wallet-error': CustomEvent<{ error: WalletAuthError; sentence: string }>
  /**
   * The user stepped back (closed the passkey dialog: `PASSKEY_CANCELLED`; cancelled the element's
   * confirmation: `CONFIRMATION_DECLINED`, nothing signed): not an error.
   */
  'wallet-cancelled': CustomEvent<{ error: WalletAuthError }>
  /**
   * This browser cannot use the element's method (no WebAuthn: `PASSKEY_NOT_SUPPORTED`); the
   * element says so and stays disabled: offer another method.
   */
  'wallet-unavailable': CustomEvent<{ error: WalletAuthError }>
  /** A one-time code was sent (or sent again). */
  'wallet-code-sent': CustomEvent<{ method: AuthMethod }>
  /** The session was refreshed from a session element. */
  'wallet-refreshed': CustomEvent<{ session: ElementSession }>
  /** The session ended here or in another tab (expired, signed out). */
  'wallet-session-ended': CustomEvent<{ reason: SessionEndReason }>
  /** The service asked for a confirmation (SCA) of the payment: the step's code or passkey form is open. */
  'wallet-sca-required': CustomEvent<{ step: ScaStep }>
  /**
   * The service needs the customer's SCA login before it takes the payment's confirmation (none
   * yet on this device, or it expired): the element now asks for the login's code.
   */
  'wallet-sca-login-required': CustomEvent<{ quoteId: string; customerId?: string }>
  /**
   * The customer's mobile number is not verified (none yet, or changed since), so the service has
   * no phone to text the payment's codes to: the element now asks for the number (when
   * `phoneNumber` is absent) or for the code sent to it, then goes on with the payment.
   */
  'wallet-phone-verification-required': CustomEvent<{
    quoteId: string
    customerId: string
    phoneNumber?: string
  }>
  /** A payment step was authorised (the result says whether it is paid yet). */
  'wallet-authorized': CustomEvent<{ payment: PaymentResult }>
  /** A payment reached its last status: paid (`payment.paid`), failed or expired. */
  'wallet-payment-settled': CustomEvent<{ payment: PaymentResult }>
  /** The recovery phrase was shown, or hidden again. */
  'wallet-revealed': CustomEvent<Record<string, never>>
  'wallet-hidden': CustomEvent<Record<string, never>>
}

/** Names of the elements' events. */
export type WalletElementEventName = keyof WalletElementEventMap

declare global {
  // The events bubble out of shadow roots: listeners on any element, the document or the window
  // get `event.detail` typed.
  interface GlobalEventHandlersEventMap extends WalletElementEventMap {}
}
