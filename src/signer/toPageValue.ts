import { WalletAuthError } from '../errors.js'

/**
 * A copy of `value` fit to cross to the app's page: plain JSON, with every `keyPair` member
 * (a stored session's key) left out. A `CryptoKey` is structured-cloneable, so a session passed
 * as it is would hand the page a usable signing key: anything that still holds one is refused.
 *
 * @example
 * ```ts
 * port.postMessage({ kind: 'result', id, value: toPageValue(await client.sessions.current()) })
 * ```
 */
export function toPageValue(value: unknown): unknown {
  if (value === undefined) return undefined
  const json = JSON.stringify(value, (member, inner: unknown) => {
    if (typeof CryptoKey !== 'undefined' && inner instanceof CryptoKey) {
      throw new WalletAuthError('SIGNER_REFUSED', 'A key may never leave the signer.')
    }
    return member === 'keyPair' ? undefined : inner
  })
  return json === undefined ? undefined : JSON.parse(json)
}
