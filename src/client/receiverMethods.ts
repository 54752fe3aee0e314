import type * as z from 'zod/mini'
import { WalletAuthError } from '../errors.js'
import { ReceiverExternalAccountLookup, ReceiverUmaLookup } from '../wire/receiverLookup.js'
import type { ClientContext } from './clientContext.js'

/** Who looks a receiver up: the paying customer (the relay requires it, and judges it). */
export interface ReceiverLookupOptions {
  /** The sender: the signed-in user's customer. */
  customerId: string
}

/**
 * Receiver lookups before a payment: which currencies a receiver takes, at what estimated rate
 * from the sender's currency and within which amounts, and a `lookupId` for `quotes.create`.
 * Reads, no wallet signature.
 *
 * @example
 * ```ts
 * const found = await wallet.receivers.lookupUma('$bob@uma.example', { customerId })
 * const eur = found.supportedCurrencies.find((option) => option.currency.code === 'EUR')
 * ```
 */
export interface ReceiverMethods {
  /**
   * A UMA address (`$user@domain`). One that is not an address is `INVALID_ARGUMENT` before
   * anything is sent; a well-formed one with no receiver fails with the service's `UMA_NOT_FOUND`.
   */
  lookupUma(receiverUmaAddress: string, options: ReceiverLookupOptions): Promise<ReceiverUmaLookup>
  /** One of the customer's external accounts (the relay refuses another's). */
  lookupExternalAccount(
    externalAccountId: string,
    options: ReceiverLookupOptions,
  ): Promise<ReceiverExternalAccountLookup>
}

// The shape the relay takes (`$`, a username, `@`, a host); it checks the exact characters.
const UMA_ADDRESS = /^\$[^@\s/]+@[^@\s/]+$/

// From plain JavaScript (or a page through the signer) anything may come: only text is sent.
function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '')
    throw new WalletAuthError('INVALID_ARGUMENT', `${what} must be text.`)
  return value
}

/**
 * The `receivers` methods of a client.
 *
 * @example
 * ```ts
 * const receivers = createReceiverMethods(ctx)
 * const { lookupId } = await receivers.lookupExternalAccount(externalAccountId, { customerId })
 * ```
 */
export function createReceiverMethods(ctx: ClientContext): ReceiverMethods {
  const lookup = <T>(
    kind: string,
    receiver: string,
    options: ReceiverLookupOptions | undefined,
    schema: z.ZodMiniType<T>,
  ) =>
    ctx.call(
      'GET',
      `/receiver/${kind}/${encodeURIComponent(receiver)}?customerId=${encodeURIComponent(text(options?.customerId, 'options.customerId'))}`,
      { schema },
    )
  return {
    async lookupUma(receiverUmaAddress, options) {
      if (!UMA_ADDRESS.test(text(receiverUmaAddress, 'The UMA address'))) {
        throw new WalletAuthError('INVALID_ARGUMENT', 'The UMA address must look like $user@domain.')
      }
      return lookup('uma', receiverUmaAddress, options, ReceiverUmaLookup)
    },
    lookupExternalAccount: async (externalAccountId, options) =>
      lookup(
        'external-account',
        text(externalAccountId, 'The external account'),
        options,
        ReceiverExternalAccountLookup,
      ),
  }
}
