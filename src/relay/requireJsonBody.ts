import { RelayRefusal } from './relayRefusal.js'

/**
 * Refuses (415 `UNSUPPORTED_MEDIA_TYPE`) a request body not declared as UTF-8 JSON: the relay
 * reads every body as JSON, and a cross-site form can post `text/plain`, a form encoding or
 * multipart without a preflight. `application/json` passes, with no parameter but `charset=utf-8`.
 *
 * @example
 * ```ts
 * if (bytes.length > 0) requireJsonBody(request)
 * ```
 */
export function requireJsonBody(request: Request): void {
  const [type = '', ...parameters] = (request.headers.get('Content-Type') ?? '').split(';')
  const json =
    type.trim().toLowerCase() === 'application/json' &&
    parameters.every((parameter) => /^\s*charset\s*=\s*(?:utf-8|"utf-8")\s*$/i.test(parameter))
  if (!json) {
    throw new RelayRefusal(415, 'UNSUPPORTED_MEDIA_TYPE', 'Request bodies must be sent as application/json.')
  }
}
