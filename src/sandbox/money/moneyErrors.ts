import { SandboxError } from '../sandboxError.js'

/**
 * A 400 with one of the codes the contract defines for it (`INVALID_AMOUNT`, `INVALID_CURRENCY`,
 * `AMOUNT_OUT_OF_RANGE`, …); the message says what exactly is wrong.
 *
 * @example
 * ```ts
 * throw badRequest('INVALID_AMOUNT', 'The source account does not hold the quote amount.')
 * ```
 */
export function badRequest(code: string, message: string, details?: Record<string, unknown>): SandboxError {
  return new SandboxError({ status: 400, code, message, ...(details ? { details } : {}) })
}

/**
 * A 409 `CONFLICT`: the request does not fit the state of the resource (SCA not required, no
 * challenge pending, executed already, expired…). The message says which.
 *
 * @example
 * ```ts
 * throw conflict('This quote needs no strong customer authentication.')
 * ```
 */
export function conflict(message: string, details?: Record<string, unknown>): SandboxError {
  return new SandboxError({ status: 409, code: 'CONFLICT', message, ...(details ? { details } : {}) })
}

/**
 * A 429 `RATE_LIMITED` with `Retry-After` in whole seconds (at least 1).
 *
 * @example
 * ```ts
 * throw rateLimited(nextAllowedAt - now, 'Codes are re-sent at most every 30 seconds.')
 * ```
 */
export function rateLimited(retryAfterMs: number, message: string): SandboxError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  return new SandboxError({
    status: 429,
    code: 'RATE_LIMITED',
    message,
    details: { retryAfterSeconds: seconds },
    headers: { 'Retry-After': String(seconds) },
  })
}
