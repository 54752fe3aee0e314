import { WalletAuthError } from '../errors.js'
import type { Quote } from '../wire/quote.js'

/**
 * The `payloadToSign` the service issued for paying `quote` from an embedded wallet: the one its
 * `EMBEDDED_WALLET` payment instructions carry, or `undefined` when none does. Instructions that
 * carry two different payloads are `PAYLOAD_MISMATCH`: which one the service would execute is
 * not for the page to guess.
 *
 * @example
 * ```ts
 * const payloadToSign = quoteWalletPayload(quote)
 * if (payloadToSign !== undefined) headers['Service-Wallet-Signature'] = await stamp(payloadToSign, key)
 * ```
 */
export function quoteWalletPayload(quote: Quote): string | undefined {
  const payloads = new Set<string>()
  for (const { accountOrWalletInfo: info } of quote.paymentInstructions ?? []) {
    if (info.accountType === 'EMBEDDED_WALLET' && typeof info.payloadToSign === 'string')
      payloads.add(info.payloadToSign)
  }
  if (payloads.size > 1) {
    throw new WalletAuthError('PAYLOAD_MISMATCH', 'The quote carries two different payloads to sign.', {
      details: { field: 'quote.paymentInstructions' },
    })
  }
  return payloads.values().next().value
}
