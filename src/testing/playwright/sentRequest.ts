import type { Request } from '@playwright/test'

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
 *
 * @example
 * ```ts
 * context.on('request', (request) => sent.push(sentRequest(request)))
 * ```
 */
export function sentRequest(request: Request): SentRequest {
  const body = request.postDataBuffer()
  return { url: request.url(), headers: request.headers(), body: body ? body.toString('utf8') : null }
}
