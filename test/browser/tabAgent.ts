// The kit in another tab: a page the tabs commands open (test/browser/commands.ts) imports this
// module, which puts a client on `window.tabAgent` for the commands to drive. The test page itself
// uses `createTab` directly, so every tab runs the same code against the same-origin relay.
import { createWalletAuth, type WalletAuth } from '../../src/client/index.js'
import { WalletAuthError } from '../../src/errors.js'
import { createKeyStore, type KeyStore } from '../../src/keys/createKeyStore.js'

/** What a tab needs: the shared database, the signed-in customer of the app, the OTP signer. */
export interface TabSetup {
  databaseName: string
  customerId: string
  signerPublicKey: string
}

/**
 * A new customer of the app (through the backend's test route), with what tabs need but the
 * database; `fields` adds to (or replaces) the sign-up's, e.g. an `address`.
 */
export async function signUpCustomer(fields: Record<string, unknown> = {}) {
  const { signerPublicKey } = await (await fetch('/api/test/config')).json()
  const email = `tabs-${crypto.randomUUID().slice(0, 8)}@example.com`
  const answer = await fetch('/api/test/customers', {
    method: 'POST',
    body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Mary Jackson', email, ...fields }),
  })
  if (answer.status !== 201) throw new Error(`sign-up refused: ${answer.status} ${await answer.text()}`)
  const customer = (await answer.json()) as {
    customerId: string
    accountId: string
    emailCredentialId: string
  }
  return { ...customer, signerPublicKey: signerPublicKey as string }
}

/** What a tab's action ended with: a value, or the `code` of the kit's error. */
export type TabOutcome<T> = { ok: true; value: T } | { ok: false; code: string }

/** What a tab counted of the requests it sent. */
export interface TabCounts {
  /** Requests that carried a wallet signature (signed retries). */
  signed: number
  /** Signed retries of POST /auth/sessions/{id}/refresh. */
  signedRefreshes: number
}

async function outcome<T>(run: () => Promise<T>): Promise<TabOutcome<T>> {
  try {
    return { ok: true, value: await run() }
  } catch (error) {
    if (error instanceof WalletAuthError) return { ok: false, code: String(error.code) }
    throw error
  }
}

/**
 * One tab's client, with what it heard and sent. Every method answers in JSON for the RPC. In the
 * test page, `keyStore` may replace the store on `databaseName` (a faulty one).
 */
export function createTab(
  { databaseName, customerId, signerPublicKey }: TabSetup,
  { keyStore }: { keyStore?: KeyStore | Promise<KeyStore> } = {},
) {
  const events: string[] = []
  const counts: TabCounts = { signed: 0, signedRefreshes: 0 }
  // The integrator's own sign-in cookie, stood in for by a header its relay hook reads.
  const asCustomer: typeof fetch = (input, init) => {
    const request = new Request(input, init)
    request.headers.set('X-Test-Customer', customerId)
    if (request.headers.has('Service-Wallet-Signature')) {
      counts.signed++
      if (request.url.endsWith('/refresh')) counts.signedRefreshes++
    }
    return fetch(request)
  }
  const wallet: WalletAuth = createWalletAuth({
    baseUrl: '/api/wallet',
    fetch: asCustomer,
    keyStore: keyStore ?? createKeyStore({ databaseName }),
    trustedSigners: [signerPublicKey],
  })
  wallet.onChange((event) => events.push(event.type))
  const publicKey = async () => (await wallet.sessions.current())?.key.publicKey ?? null
  return {
    wallet,
    events: async () => [...events],
    counts: async () => ({ ...counts }),
    publicKey,
    signIn: (credentialId: string) =>
      outcome(async () => {
        await wallet.emailOtp.send(credentialId)
        return (await wallet.emailOtp.verify(credentialId, '000000')).key.publicKey
      }),
    /** A signed action: PATCH of the account (202, stamped, replayed). */
    patch: (accountId: string) =>
      outcome(async () => {
        const response = await wallet.fetch(`/api/wallet/internal-accounts/${accountId}`, {
          method: 'PATCH',
          body: JSON.stringify({ privateEnabled: true }),
        })
        return response.status
      }),
    refresh: () => outcome(async () => (await wallet.sessions.refresh()).key.publicKey),
    signOut: () => outcome(() => wallet.signOut()),
    revoke: (sessionId: string) => outcome(() => wallet.sessions.revoke(sessionId)),
    sessionId: async () => (await wallet.sessions.current())?.sessionId ?? null,
    /** Ids of the account's sessions the service holds valid. */
    serviceSessions: async (accountId: string) => (await wallet.sessions.list(accountId)).map((s) => s.id),
    dispose: async () => wallet.dispose(),
  }
}

/** A tab driven by the commands: every method but `wallet`. */
export type Tab = Omit<ReturnType<typeof createTab>, 'wallet'>

declare global {
  interface Window {
    tabAgent?: Tab
  }
}

/** Installs this document's tab (called by the commands in the page they opened). */
export function installTab(setup: TabSetup): void {
  const { wallet: _wallet, ...tab } = createTab(setup)
  window.tabAgent = tab
}
