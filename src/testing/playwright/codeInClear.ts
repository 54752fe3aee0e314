import type { Request } from '@playwright/test'

// A code as a whole token: not inside a longer number, hex or base64 run (where an encrypted
// bundle or a key could hold the same digits by chance).
function codePattern(code: string): RegExp {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`(^|[^0-9A-Za-z])${escaped}([^0-9A-Za-z]|$)`)
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '))
  } catch {
    return text
  }
}

/** What one request carried, read when it was sent. */
export interface SentRequest {
  url: string
  headers: Record<string, string>
  body: string | null
}

/**
 * The parts of a request the guard reads: URL, headers, body (as text). The headers are those
 * Playwright reports at once (`request.headers()`), which leave out `Cookie`: waiting for the full
 * set could hold a test's teardown on a request that never completes.
 */
export function sentRequest(request: Request): SentRequest {
  const body = request.postDataBuffer()
  return { url: request.url(), headers: request.headers(), body: body ? body.toString('utf8') : null }
}

/**
 * Where `sent` carries `code` in clear (its URL, a header, its body; percent-encoding undone),
 * as sentences; empty when nowhere.
 */
export function codeInClear(code: string, sent: SentRequest): string[] {
  const pattern = codePattern(code)
  const found = (text: string) => pattern.test(text) || pattern.test(decoded(text))
  const places: string[] = []
  if (found(sent.url)) places.push(`OTP code ${code} in clear in the URL ${sent.url}`)
  for (const [name, value] of Object.entries(sent.headers)) {
    if (found(value)) places.push(`OTP code ${code} in clear in the ${name} header to ${sent.url}`)
  }
  if (sent.body !== null && found(sent.body)) {
    places.push(`OTP code ${code} in clear in the body to ${sent.url}`)
  }
  return places
}
