import { idToken } from './idToken.js'

/**
 * The sandbox's network address of an embedded wallet: what its signing activities name as
 * `signWith`, and where its funding instructions say to pay.
 *
 * @example
 * ```ts
 * walletAddress(account.id) // 'sandbox019542f5b3e71d020000000000000002'
 * ```
 */
export function walletAddress(accountId: string): string {
  return `sandbox${idToken(accountId)}`
}
