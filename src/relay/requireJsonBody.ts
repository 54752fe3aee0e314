import { RelayRefusal } from './relayRefusal.js'

// What a page's fetch with a JSON string body declares: `application/json`, or nothing, which the
// browser sends as `text/plain;charset=UTF-8` (the README's `wallet.fetch(url, { body })`).
const READ_AS_JSON = new Set(['', 'application/json', 'text/plain'])

/**
 * Refuses (415 `UNSUPPORTED_MEDIA_TYPE`) a request body declared as something the relay would not
 * read the way it does, as UTF-8 JSON: a form encoding, multipart, another charset, another type.
 * The relay forwards every body it accepts as `application/json`, whatever the browser declared.
 *
 * @example
 * ```ts
 * if (bytes.length > 0) requireJsonBody(request)
 * ```
 */
export function requireJsonBody(request: Request): void {
  const [type = '', ...parameters] = (request.headers.get('Content-Type') ?? '').split(';')
  const json =
    READ_AS_JSON.has(type.trim().toLowerCase()) &&
    parameters.every((parameter) => /^\s*charset\s*=\s*(?:utf-8|"utf-8")\s*$/i.test(parameter))
  if (!json) {
    throw new RelayRefusal(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Request bodies are JSON: send them as application/json (UTF-8).',
    )
  }
}
