import { createWalletAuth } from '../../src/client/index.js'
import { createKeyStore, type KeyStore } from '../../src/keys/createKeyStore.js'
import { signUpCustomer } from '../browser/tabAgent.js'

/**
 * A signed-up customer of the page's backend (test/browser/walletBackend.ts).
 *
 * @example
 * ```ts
 * const { customerId, asCustomer }: TestCustomer = await signUp()
 * ```
 */
export interface TestCustomer {
  customerId: string
  accountId: string
  emailCredentialId: string
  signerPublicKey: string
  /** fetch as this customer: the integrator's sign-in cookie, stood in for by a header its relay reads. */
  asCustomer: typeof fetch
}

/**
 * Signs a new customer up through the test backend (`signUpCustomer`), with its `fetch`.
 *
 * @example
 * ```ts
 * const { asCustomer, emailCredentialId } = await signUp()
 * ```
 */
export async function signUp(): Promise<TestCustomer> {
  const customer = await signUpCustomer()
  const asCustomer: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    request.headers.set('X-Test-Customer', customer.customerId)
    return fetch(request)
  }
  return { ...customer, asCustomer }
}

/**
 * The client as an integrator's page creates it, for `customer`, on `keyStore` (default: an
 * IndexedDB one of its own).
 *
 * @example
 * ```ts
 * const wallet = walletFor(await signUp())
 * ```
 */
export function walletFor(
  customer: TestCustomer,
  keyStore: Promise<KeyStore> = createKeyStore({ databaseName: `engines-${crypto.randomUUID()}` }),
) {
  return createWalletAuth({
    baseUrl: '/api/wallet',
    fetch: customer.asCustomer,
    keyStore,
    trustedSigners: [customer.signerPublicKey],
  })
}
