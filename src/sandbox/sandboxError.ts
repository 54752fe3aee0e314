/** The fields of the spec's Error object the sandbox answers with, plus response headers. */
export interface SandboxErrorInit {
  status: number
  code: string
  message: string
  /** Authentication failures name the failed check (the sandbox's `reason`). */
  reason?: string
  details?: Record<string, unknown>
  headers?: Record<string, string>
}

/**
 * Thrown by routes and turned into an Error-object response by the app. Anything else thrown is
 * a bug: the app answers it with 500 `INTERNAL_ERROR`.
 *
 * @example
 * ```ts
 * throw new SandboxError({ status: 404, code: 'QUOTE_NOT_FOUND', message: 'Quote not found.' })
 * ```
 */
export class SandboxError extends Error {
  readonly init: SandboxErrorInit
  constructor(init: SandboxErrorInit) {
    super(init.message)
    this.init = init
  }
}

/** Shorthand for the 401s of authentication checks, which carry a `reason`. */
export function unauthorized(reason: string, code = 'UNAUTHORIZED'): SandboxError {
  return new SandboxError({ status: 401, code, message: 'Authentication failed.', reason })
}

/** Shorthand for a 400 `INVALID_INPUT` with what is wrong in `details`. */
export function invalidInput(message: string, details?: Record<string, unknown>): SandboxError {
  return new SandboxError({ status: 400, code: 'INVALID_INPUT', message, ...(details ? { details } : {}) })
}

/** Shorthand for a 404 with the resource's code. */
export function notFound(code: string, message: string): SandboxError {
  return new SandboxError({ status: 404, code, message })
}

/** The Error-object response of a `SandboxError`. */
export function errorResponse(error: SandboxError): Response {
  const { status, code, message, reason, details, headers } = error.init
  const body = { status, code, message, ...(details ? { details } : {}), ...(reason ? { reason } : {}) }
  return Response.json(body, { status, headers })
}
