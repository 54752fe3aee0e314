/** A refusal of the demo backend, answered with the service's Error object `{ status, code, message }`. */
export class DemoError extends Error {
  readonly status: number
  readonly code: string

  constructor(status: number, code: string, message: string) {
    super(message)
    this.status = status
    this.code = code
  }

  /** The Error object this refusal is answered with. */
  toBody(): { status: number; code: string; message: string } {
    return { status: this.status, code: this.code, message: this.message }
  }
}
