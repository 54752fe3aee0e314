// What the tests of the sign-in, OAuth button and session status elements share: the events an
// element fired, an OAuth credential on a customer's account, another tab's client.
import { commands } from 'vitest/browser'
import { createWalletAuth, type WalletAuth } from '../../src/client/index.js'
import type { WalletElementEventMap } from '../../src/elements/events.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { mintSandboxIdToken } from '../../src/relay/mintSandboxIdToken.js'
import { uniqueDatabaseName } from '../browser/rawIndexedDb.js'
import type { TabOutcome } from '../browser/tabAgent.js'
import { type ElementCustomer, signInByEmail } from './elementKit.js'

/** The events of `type` the element fires, as they come. */
export function record<K extends keyof WalletElementEventMap>(element: Element, type: K) {
  const heard: Array<WalletElementEventMap[K]['detail']> = []
  element.addEventListener(type, (event) => heard.push((event as WalletElementEventMap[K]).detail))
  return heard
}

/** The sandbox's clock (moved by other tests): ID tokens are dated on it. */
export async function sandboxNow(): Promise<number> {
  const answer = await fetch('/api/test/clock', { method: 'POST', body: JSON.stringify({ advanceMs: 0 }) })
  return ((await answer.json()) as { now: number }).now
}

/**
 * Adds an OAuth identity to the customer's account (signed in by email for it), then signs out.
 * Returns the credential and the app's `getIdToken` for it (the identity provider's part).
 */
export async function withOauthCredential(customer: ElementCustomer) {
  const { wallet, accountId } = customer
  await signInByEmail(customer)
  const identity = { aud: 'wallet-client', sub: `google-${crypto.randomUUID()}`, email: 'ada@gmail.com' }
  const issuedAt = await sandboxNow()
  const oauth = await wallet.oauth.add({
    accountId,
    oidcToken: mintSandboxIdToken({ ...identity, now: () => issuedAt }),
  })
  const methods = await wallet.credentials.list(accountId)
  await wallet.signOut()
  // `behindMs`: dated that much before the sandbox's now, when the test moved the sandbox's clock
  // after the client last saw it (the client judges `iat` on the clock its last session showed).
  const mint = async (nonce: string, behindMs = 0) => {
    const now = (await sandboxNow()) - behindMs
    return mintSandboxIdToken({ ...identity, nonce, now: () => now })
  }
  return { oauth, methods, identity, mint, getIdToken: (nonce: string) => mint(nonce) }
}

/** Calls `method` of another tab's client (see test/browser/tabAgent.ts); its answer as JSON. */
export const tabCall = commands.tabCall as (
  id: string,
  method: string,
  ...args: unknown[]
) => Promise<TabOutcome<unknown>>

/** Opens another tab (a separate document) with a client of `customer` on the same key store. */
export function openTabFor(customer: ElementCustomer): Promise<string> {
  const { databaseName, customerId, signerPublicKey } = customer
  return commands.openTab({ databaseName, customerId, signerPublicKey })
}

/**
 * A client of `customer` through the same relay, on the key store `databaseName`: by default one of
 * its own, as on another device; the customer's, as a page makes another client when its options change.
 */
export function clientOf(
  customer: ElementCustomer,
  { databaseName = uniqueDatabaseName() }: { databaseName?: string } = {},
): WalletAuth {
  const asCustomer: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    request.headers.set('X-Test-Customer', customer.customerId)
    return fetch(request)
  }
  return createWalletAuth({
    baseUrl: '/api/wallet',
    fetch: asCustomer,
    keyStore: createKeyStore({ databaseName }),
    trustedSigners: [customer.signerPublicKey],
  })
}

/** A client of `customer` on another device: its own key store, the same relay and customer. */
export function anotherDevice(customer: ElementCustomer): WalletAuth {
  return clientOf(customer)
}
