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

/**
 * The demo page's policy: `CONTENT_SECURITY_POLICY`, and frames from the signer document's origin
 * only (the frame that holds the keys, draws the code box and asks the person).
 *
 * @example
 * ```ts
 * res.setHeader('Content-Security-Policy', contentSecurityPolicyFor('http://localhost:5174'))
 * ```
 */
export function contentSecurityPolicyFor(signerOrigin: string): string {
  return `${CONTENT_SECURITY_POLICY}; frame-src ${new URL(signerOrigin).origin}`
}

/** A middleware that puts `contentSecurityPolicyFor(signerOrigin)` on every response it lets through. */
export function contentSecurityPolicy(signerOrigin: string): Connect.NextHandleFunction {
  const policy = contentSecurityPolicyFor(signerOrigin)
  return (_req, res, next) => {
    res.setHeader('Content-Security-Policy', policy)
    next()
  }
}
