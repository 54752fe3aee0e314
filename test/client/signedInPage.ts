import { createWalletAuth } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import type { Customer, Harness } from '../sandbox/harness.js'

/**
 * A page's client for `customer`, signed in by email code through `relay` (the integrator's, in
 * front of the harness's sandbox); `sent` lists each request that left the page
 * (`METHOD /path?query`).
 *
 * @example
 * ```ts
 * const { wallet, sent } = await signedInPage(h, customer, customerRelay(h, customer.customerId))
 * ```
 */
export async function signedInPage(
  h: Harness,
  customer: Customer,
  relay: (request: Request) => Promise<Response>,
) {
  const sent: string[] = []
  const wallet = createWalletAuth({
    baseUrl: 'http://app.test/wallet',
    fetch: (input, init) => {
      const request = new Request(input, init)
      const url = new URL(request.url)
      sent.push(`${request.method} ${url.pathname}${url.search}`)
      return relay(request)
    },
    keyStore: createKeyStore({ indexedDB: null, now: h.sandbox.clock.now }),
    trustedSigners: [h.sandbox.signerPublicKey],
    now: h.sandbox.clock.now,
  })
  await wallet.emailOtp.send(customer.emailCredentialId)
  await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
  return { customer, wallet, sent }
}
