import { RelayRefusal } from './relayRefusal.js'

// Only a declared `application/json`: a body with no type, or `text/plain`, is what a cross-site page
// can post without asking (a form, `no-cors`); the kit's client always declares JSON.
const READ_AS_JSON = new Set(['application/json'])

/**
 * Refuses (415 `UNSUPPORTED_MEDIA_TYPE`) a request body declared as something the relay would not
 * read the way it does, as UTF-8 JSON: no type, text, a form encoding, multipart, another charset.
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
