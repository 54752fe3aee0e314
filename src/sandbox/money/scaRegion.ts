import type { CustomerRecord } from '../store.js'

/**
 * ISO 3166-1 alpha-2 codes of the EU member states: customers with an address there need strong
 * customer authentication for payments.
 *
 * @example
 * ```ts
 * EU_COUNTRY_CODES.has('DE') // true
 * ```
 */
export const EU_COUNTRY_CODES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
])

/**
 * Whether payments of this customer need SCA: its `region`, or failing that its address, is in
 * the EU. The platform acting for itself (no customer) never does.
 *
 * @example
 * ```ts
 * if (requiresSca(customer)) return openSca(ctx, quote, { factor })
 * ```
 */
export function requiresSca(customer: CustomerRecord | undefined): boolean {
  if (!customer) return false
  const region = customer.fields.region
  const country = typeof region === 'string' ? region : customer.address?.country
  return typeof country === 'string' && EU_COUNTRY_CODES.has(country.trim().toUpperCase())
}
