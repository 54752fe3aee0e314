/**
 * The service routes the browser flows use, as `METHOD /path` relative to the versioned base URL:
 * sign-in and credentials (list, add, revoke, OTP activation through `/verify`), sessions (list,
 * refresh, revoke), delegated signing keys (create, list, read, revoke), the customer and its signed
 * email or phone change, the customer's accounts (list, privacy, export), payments (quote,
 * execute, SCA authorize and resend, the resulting transaction) and the customer's transaction
 * history with the approval or rejection of an incoming payment, the previews before a quote (receiver lookup by UMA address or by the customer's own
 * external account, indicative exchange rates, which name no one: see `RelayTarget`), and for customers who need strong customer authentication the contact verification
 * (email, phone), the SCA factors (list, enrol, remove, reset after a lost factor) and the SCA
 * login, and the trust of a beneficiary (one of the customer's external accounts, whose payments
 * then need no SCA code). A `{param}` names the target
 * field its segment fills (see `RelayTarget`). `createRelay` forwards these; its `allow` option
 * can narrow the list, never extend it, since the relay checks each operation's query and body
 * against the service's contract before forwarding.
 *
 * @example
 * ```ts
 * // No money movement from the browser: drop the quote routes.
 * const relay = createRelay({ ...options, allow: RELAY_OPERATIONS.filter((op) => !op.includes('/quotes')) })
 * ```
 */
export const RELAY_OPERATIONS = [
  'POST /auth/credentials',
  'GET /auth/credentials',
  'DELETE /auth/credentials/{credentialId}',
  'POST /auth/credentials/{credentialId}/challenge',
  'POST /auth/credentials/{credentialId}/verify',
  'GET /auth/sessions',
  'DELETE /auth/sessions/{sessionId}',
  'POST /auth/sessions/{sessionId}/refresh',
  'POST /auth/delegated-keys',
  'GET /auth/delegated-keys',
  'GET /auth/delegated-keys/{delegatedKeyId}',
  'DELETE /auth/delegated-keys/{delegatedKeyId}',
  'GET /customers/{customerId}',
  'PATCH /customers/{customerId}',
  'GET /customers/internal-accounts',
  'PATCH /internal-accounts/{accountId}',
  'POST /internal-accounts/{accountId}/export',
  'POST /quotes',
  'GET /quotes/{quoteId}',
  'POST /quotes/{quoteId}/execute',
  'POST /quotes/{quoteId}/authorize',
  'POST /quotes/{quoteId}/authorize/resend',
  'GET /transactions',
  'GET /transactions/{transactionId}',
  'POST /transactions/{transactionId}/approve',
  'POST /transactions/{transactionId}/reject',
  'GET /receiver/uma/{receiverUmaAddress}',
  'GET /receiver/external-account/{externalAccountId}',
  'GET /exchange-rates',
  'POST /customers/{customerId}/verify-email',
  'POST /customers/{customerId}/verify-email/confirm',
  'POST /customers/{customerId}/verify-phone',
  'POST /customers/{customerId}/verify-phone/confirm',
  'GET /sca/factors',
  'POST /sca/factors',
  'POST /sca/factors/confirm',
  'DELETE /sca/factors/{scaCredentialId}',
  'POST /sca/factors/reset',
  'GET /sca/factors/reset/{resetId}',
  'POST /sca/factors/reset/{resetId}/complete',
  'POST /sca/login/start',
  'POST /sca/login/complete',
  'POST /customers/external-accounts/{externalAccountId}/trust',
  'POST /customers/external-accounts/{externalAccountId}/trust/confirm',
  'POST /customers/external-accounts/{externalAccountId}/untrust',
  'POST /customers/external-accounts/{externalAccountId}/untrust/confirm',
] as const

/** One of the operations `createRelay` forwards. */
export type RelayOperation = (typeof RELAY_OPERATIONS)[number]
