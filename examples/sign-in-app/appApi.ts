// The page's calls to its own backend (the app's routes under /api).

/** The app's backend answered with an error status. */
export class AppError extends Error {
  readonly status: number
  constructor(status: number) {
    super(`The app's server answered ${status}.`)
    this.status = status
  }
}

/** GETs `path` (or POSTs `body` as JSON) and reads the JSON answer; an error status is an `AppError`. */
export async function api<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  if (!response.ok) throw new AppError(response.status)
  return (await response.json()) as T
}
