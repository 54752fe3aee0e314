// The countries the app signs people up in: the page lists them, the backend accepts only these.
// In the EU the wallet service confirms payments with strong customer authentication (SCA), a code
// texted to the customer's verified mobile number: it needs that number from sign-up on.

/** A country of the sign-up form: its ISO 3166-1 alpha-2 code, its name, and whether it is in the EU. */
export interface Country {
  code: string
  name: string
  eu: boolean
}

/**
 * The countries offered, the United States first.
 *
 * @example
 * ```ts
 * COUNTRIES.find((country) => country.code === 'FR')?.eu // true
 * ```
 */
export const COUNTRIES: readonly Country[] = [
  { code: 'US', name: 'United States', eu: false },
  { code: 'AT', name: 'Austria', eu: true },
  { code: 'BE', name: 'Belgium', eu: true },
  { code: 'FR', name: 'France', eu: true },
  { code: 'DE', name: 'Germany', eu: true },
  { code: 'IE', name: 'Ireland', eu: true },
  { code: 'IT', name: 'Italy', eu: true },
  { code: 'NL', name: 'Netherlands', eu: true },
  { code: 'PT', name: 'Portugal', eu: true },
  { code: 'ES', name: 'Spain', eu: true },
]

/** Whether a customer of this country needs a mobile number (an EU country). */
export const needsMobile = (code: string): boolean =>
  COUNTRIES.some((country) => country.code === code && country.eu)
