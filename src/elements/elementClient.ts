import type { WalletAuth } from '../client/createWalletAuth.js'
import type { WalletAuthEvent } from '../client/sessionState.js'
import type { StoredSession } from '../keys/createKeyStore.js'
import type {
  FramedWalletAuth,
  FramedWalletAuthEvent,
  SessionView,
} from '../signer-client/createFramedWalletAuth.js'

/**
 * The client an element takes: keys in the page (`createWalletAuth({ baseUrl })`, `mode: 'page'`)
 * or in the signer frame (`createWalletAuth({ signer })`, `mode: 'signer'`), where the code box,
 * the confirmations and the recovery phrase are the signer's and the element says so.
 *
 * @example
 * ```ts
 * const client: ElementClient = createWalletAuth({ signer: { url: 'https://signer.example.com/signer.html' } })
 * defineWalletElements({ client })
 * ```
 */
export type ElementClient = WalletAuth | FramedWalletAuth

/**
 * A session as the elements hand it out (`wallet-signed-in`, `wallet-refreshed`): with its key
 * pair from a page-held client, without it (`SessionView`) from a signer-mode one.
 *
 * @example
 * ```ts
 * form.addEventListener('wallet-signed-in', (event) => showUntil(event.detail.session.expiresAt))
 * ```
 */
export type ElementSession = StoredSession | SessionView

/**
 * The session events an element hears from either client.
 *
 * @example
 * ```ts
 * const unsubscribe = client.onChange((event: ElementClientEvent) => render(event.type))
 * ```
 */
export type ElementClientEvent = WalletAuthEvent | FramedWalletAuthEvent
