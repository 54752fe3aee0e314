/**
 * The policy the signer document must be served under: its own scripts and styles only, nothing
 * inline, calls to itself and the relay only, and framed by the app's origins alone (a page of any
 * other origin cannot frame it; opened on its own, it refuses to work).
 *
 * @example
 * ```ts
 * res.setHeader('Content-Security-Policy', signerContentSecurityPolicy({
 *   appOrigins: ['https://app.example.com'], baseUrl: 'https://app.example.com/api/wallet' }))
 * ```
 */
export function signerContentSecurityPolicy({
  appOrigins,
  baseUrl,
}: {
  appOrigins: readonly string[]
  baseUrl: string
}): string {
  const origins = appOrigins.map((origin) => new URL(origin).origin)
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `connect-src 'self' ${new URL(baseUrl).origin}`,
    "img-src 'self' data:",
    `frame-ancestors ${origins.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ')
}
