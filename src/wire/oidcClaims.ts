import * as z from 'zod/mini'

/**
 * The ID-token claims the service checks (wire-formats section 9).
 *
 * @example
 * ```ts
 * const claims = parseWire(OidcClaims, JSON.parse(payloadJson), 'ID token claims')
 * ```
 */
export const OidcClaims = z.looseObject({
  iss: z.string().check(z.minLength(1)),
  aud: z.union([z.string().check(z.minLength(1)), z.tuple([z.string().check(z.minLength(1))])]),
  sub: z.string().check(z.minLength(1)),
  iat: z.number(),
  exp: z.number(),
  nonce: z.optional(z.string()),
  email: z.optional(z.string()),
})
export type OidcClaims = z.infer<typeof OidcClaims>
