import { WalletAuthError } from '../errors.js'
import { readErrorBody } from './readErrorBody.js'

function retryAfterSeconds(response: Response): number | undefined {
  const header = response.headers.get('Retry-After')
  if (header === null) return undefined
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds)
  const date = Date.parse(header)
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000))
}

/**
 * A `WalletAuthError` for an error response, carrying `status`, the Error object's `code`,
 * `message` and `details`, the sandbox's `reason` and `Retry-After` in seconds. A body that is
 * not an Error object gives code `HTTP_ERROR`. Reads the body.
 *
 * @example
 * ```ts
 * const response = await fetch(url)
 * if (!response.ok) throw await errorFromResponse(response)
 * ```
 */
export async function errorFromResponse(response: Response): Promise<WalletAuthError> {
  const retryAfter = retryAfterSeconds(response)
  let body: unknown
  try {
    body = await response.json()
  } catch {
    body = undefined
  }
  const parsed = readErrorBody(body)
  if (!parsed) {
    return new WalletAuthError('HTTP_ERROR', `The service answered ${response.status}.`, {
      status: response.status,
      retryAfter,
    })
  }
  const { code, message, details, reason } = parsed
  return new WalletAuthError(code, message, {
    status: response.status,
    details: details ?? undefined,
    reason: reason ?? undefined,
    retryAfter,
  })
}
