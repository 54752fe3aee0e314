import { SandboxError } from '../sandboxError.js'

/**
 * A 400 with a specific code (`QUOTE_EXPIRED`, `INSUFFICIENT_FUNDS`, `INVALID_SCA_PROOF`, …).
 *
 * @example
 * ```ts
 * throw badRequest('QUOTE_EXPIRED', 'The quote expired and can no longer be executed.')
 * ```
 */
export function badRequest(code: string, message: string, details?: Record<string, unknown>): SandboxError {
  return new SandboxError({ status: 400, code, message, ...(details ? { details } : {}) })
}

/**
 * A 409: the request does not fit the state of the resource (SCA not required, still pending, …).
 *
 * @example
 * ```ts
 * throw conflict('SCA_NOT_REQUIRED', 'This quote needs no strong customer authentication.')
 * ```
 */
export function conflict(code: string, message: string): SandboxError {
  return new SandboxError({ status: 409, code, message })
}
