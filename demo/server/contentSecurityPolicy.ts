import type { Connect } from 'vite'

/**
 * The page's Content-Security-Policy: nothing inline, nothing evaluated, nothing from elsewhere.
 * Vite's HMR websocket is same-origin, which `connect-src 'self'` covers.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** A middleware that puts `CONTENT_SECURITY_POLICY` on every response it lets through. */
export function contentSecurityPolicy(): Connect.NextHandleFunction {
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    next()
  }
}
