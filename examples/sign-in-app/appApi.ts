// The page's calls to its own backend (the app's routes under /api).

/** The app's backend answered with an error status (and, for a form, a sentence per field). */
export class AppError extends Error {
  readonly status: number
  readonly fields: Record<string, string>
  constructor(status: number, fields: Record<string, string> = {}) {
    super(`The app's server answered ${status}.`)
    this.status = status
    this.fields = fields
  }
}

/** GETs `path` (or POSTs `body` as JSON) and reads the JSON answer; an error status is an `AppError`. */
export async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok) {
    const { fields } = (await response.json().catch(() => ({}))) as { fields?: Record<string, string> }
    throw new AppError(response.status, fields)
  }
  return (await response.json()) as T
}
