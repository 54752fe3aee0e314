// A client in a page, its relay and the in-process sandbox, with every request the page sends
// recorded as it crossed the wire (and optionally held back by the test).
import { createWalletAuth, type WalletAuthOptions } from '../../src/client/index.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { createRelay } from '../../src/relay/index.js'
import { type Customer, createCustomer, type Harness, startHarness } from '../sandbox/harness.js'

/** One request of the page and the relay's answer. */
export interface WireEntry {
  method: string
  /** Path under the relay's prefix, query included. */
  path: string
  body: string
  /** The page's `X-Test-Action` header: which action of a test this request belongs to. */
  action: string | undefined
  /** The `Request-Id` header: a signed retry (or a passkey verify). */
  requestId: string | undefined
  signed: boolean
  status: number
  /** The `requestId` of a 202 challenge. */
  challengeId: string | undefined
}

export interface WalletOnWireOptions extends Partial<WalletAuthOptions> {
  harness?: Harness
  /** A customer of `harness` (default: a new one). */
  customer?: Customer
  /** How far the page's clock is ahead of the sandbox's (negative: behind), ms. */
  skewMs?: number
  /** Runs before a request is forwarded (e.g. to hold it back). */
  before?: (request: Request) => Promise<void> | void
  /** Runs once the relay answered. */
  after?: (entry: WireEntry) => void
}

const PREFIX = '/wallet'

/** A client wired to a fresh customer's relay and sandbox; `wire` lists what it sent. */
export async function walletOnWire(options: WalletOnWireOptions = {}) {
  const { harness, customer: given, skewMs = 0, before, after, ...clientOptions } = options
  const h = harness ?? (await startHarness())
  const customer = given ?? (await createCustomer(h))
  const relay = createRelay({
    baseUrl: `http://sandbox.test${h.sandbox.basePath}`,
    clientId: h.sandbox.clientId,
    clientSecret: h.sandbox.clientSecret,
    prefix: PREFIX,
    fetch: (request) => h.sandbox.fetch(request),
    authorize: (_request, _target, { isOwnedBy }) => isOwnedBy(customer.customerId),
  })
  const wire: WireEntry[] = []
  const pageNow = () => h.sandbox.clock.now() + skewMs
  const base = `http://app.test${PREFIX}`
  const wallet = createWalletAuth({
    baseUrl: base,
    fetch: async (input, init) => {
      const request = new Request(input, init)
      const body = await request.clone().text()
      await before?.(request)
      const response = await relay(request)
      let challengeId: string | undefined
      if (response.status === 202) {
        const challenge = await response.clone().json()
        challengeId = typeof challenge?.requestId === 'string' ? challenge.requestId : undefined
      }
      const url = new URL(request.url)
      const entry: WireEntry = {
        method: request.method,
        path: `${url.pathname.slice(PREFIX.length)}${url.search}`,
        body,
        action: request.headers.get('X-Test-Action') ?? undefined,
        requestId: request.headers.get('Request-Id') ?? undefined,
        signed: request.headers.has('Service-Wallet-Signature'),
        status: response.status,
        challengeId,
      }
      wire.push(entry)
      after?.(entry)
      return response
    },
    keyStore: createKeyStore({ indexedDB: null, now: pageNow }),
    trustedSigners: [h.sandbox.signerPublicKey],
    exportSigners: [h.sandbox.exportSignerPublicKey],
    now: pageNow,
    ...clientOptions,
  })
  const signIn = async () => {
    await wallet.emailOtp.send(customer.emailCredentialId)
    return wallet.emailOtp.verify(customer.emailCredentialId, '000000')
  }
  return { h, base, wallet, customer, wire, signIn, pageNow }
}
