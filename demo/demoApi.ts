// The demo backend's own routes (the integrator's part, not the service's): who the user is,
// passkey registration options, sandbox ID tokens, and the sandbox-only helpers.

import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { WalletAuthError } from '../src/errors.js'
import { errorFromResponse } from '../src/fetch/errorFromResponse.js'
import type { Currency } from '../src/wire/index.js'
import type { Transaction } from '../src/wire/transaction.js'
import type { ActivityExchange } from './activityLog.js'

/** The user the demo backend knows from its cookie (its stand-in for an app's own login). */
export interface DemoUser {
  email: string
  customerId: string
  accountId: string
}

/** `GET /api/demo/config`. */
export interface DemoConfig {
  mode: 'sandbox' | 'service'
  rpId: string
  /** The wallet-signature header the relay forwards (the service's name for it). */
  signatureHeader: string
  umaDomain?: string
  /** The signer document the page frames, where the keys, the code box and the confirmations are. */
  signerUrl?: string
  trustedSigners?: string[]
  exportSigners?: string[]
  /** The address the backend saw this page's request come from: the SCA login's end user's. */
  endUserIpAddress?: string
  /** The sandbox's time (ISO 8601), sandbox mode only. */
  now?: string
  /** How long an incoming payment waits for a decision, on the sandbox's clock (sandbox mode only). */
  incomingApprovalWindowMs?: number
  user: DemoUser | null
}

async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(`/api/demo${path}`, {
      method,
      // Every POST is JSON, even without members: the backend refuses anything else (no form CSRF).
      ...(method === 'GET'
        ? {}
        : { headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body ?? {}) }),
    })
  } catch (cause) {
    throw new WalletAuthError('NETWORK_ERROR', 'The demo backend did not answer.', { cause })
  }
  if (!response.ok) throw await errorFromResponse(response)
  return response.status === 204 ? (undefined as T) : ((await response.json()) as T)
}

/** The calls the page makes to its backend. */
export const demoApi = {
  config: () => call<DemoConfig>('GET', '/config'),
  /** Finds or creates the customer of `email` and remembers them in a cookie. */
  identify: (body: { email: string; country: string }) => call<DemoUser>('POST', '/users', body),
  forget: () => call<void>('POST', '/logout'),
  passkeyOptions: (name: string) =>
    call<PublicKeyCredentialCreationOptionsJSON>('POST', '/passkey-options', { name }),
  /** A sandbox ID token standing in for the identity provider's (with `nonce` for a sign-in). */
  idToken: async (nonce?: string) =>
    (await call<{ idToken: string }>('POST', '/id-token', nonce === undefined ? {} : { nonce })).idToken,
  fund: (amount: number) =>
    call<{ balance: { amount: number; currency: Currency } }>('POST', '/fund', {
      amount,
    }),
  /** Someone sends the user a payment (sandbox): it waits for them to approve or decline it. */
  receive: () => call<{ transaction: Transaction }>('POST', '/receive'),
  externalAccount: (body: { accountNumber: string; currency: 'USD' }) =>
    call<{ id: string }>('POST', '/external-accounts', body),
  advanceClock: (advanceMs: number) => call<{ now: string }>('POST', '/clock', { advanceMs }),
  /** What the relay forwarded for the signed-in user, from index `after` on (signer mode's activity). */
  activity: (after: number) =>
    call<{ exchanges: ActivityExchange[]; next: number; user: string }>('GET', `/activity?after=${after}`),
  expireNextChallenge: () => call<{ armed: boolean }>('POST', '/expire-next-challenge'),
}
