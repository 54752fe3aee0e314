/**
 * A request the relay answers itself, with the spec's Error object. Thrown inside the relay and
 * turned into a response at its edge; never reaches the integrator.
 */
export class RelayRefusal extends Error {
  readonly status: number
  readonly code: string
  readonly details: Record<string, unknown> | undefined

  constructor(status: number, code: string, message: string, details?: Record<string, unknown>) {
    super(message)
    this.status = status
    this.code = code
    this.details = details
  }

  /** `{ status, code, message, details? }` as JSON, with no other header. */
  toResponse(): Response {
    const { status, code, message, details } = this
    return Response.json({ status, code, message, ...(details ? { details } : {}) }, { status })
  }
}
