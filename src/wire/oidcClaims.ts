import * as z from 'zod/mini'

const NonEmpty = z.string().check(z.minLength(1))
// A list of one audience: an array with a refinement takes the same values as a one-element tuple,
// without zod's tuple parser (about 500 B gzip in the browser).
const OneAudience = z.array(NonEmpty).check(z.refine((list) => list.length === 1, 'expected one audience'))

/**
 * The ID-token claims the service checks (wire-formats section 9).
 *
 * @example
 * ```ts
 * const claims = parseWire(OidcClaims, JSON.parse(payloadJson), 'ID token claims')
 * ```
 */
export const OidcClaims = z.looseObject({
  iss: NonEmpty,
  aud: z.union([NonEmpty, OneAudience]),
  sub: NonEmpty,
  iat: z.number(),
  exp: z.number(),
  nonce: z.optional(z.string()),
  email: z.optional(z.string()),
})
export type OidcClaims = z.infer<typeof OidcClaims>
