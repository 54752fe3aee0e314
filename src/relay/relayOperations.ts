/**
 * The service routes the browser flows need, as `METHOD /path` relative to the versioned base URL.
 * A `{param}` names the target field its segment fills (see `RelayTarget`). `createRelay` forwards
 * these unless its `allow` option names another list.
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
  'POST /internal-accounts/{accountId}/export',
  'PATCH /internal-accounts/{accountId}',
  'GET /internal-accounts/{accountId}',
  'POST /quotes',
  'GET /quotes/{quoteId}',
  'POST /quotes/{quoteId}/authorize',
  'POST /quotes/{quoteId}/execute',
  'GET /transactions/{transactionId}',
  'GET /customers/{customerId}',
  'GET /customers/internal-accounts',
] as const

/** One of the operations `createRelay` forwards by default. */
export type RelayOperation = (typeof RELAY_OPERATIONS)[number]
