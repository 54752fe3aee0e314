import { WalletAuthError } from '../errors.js'
import { errorFromResponse } from '../fetch/errorFromResponse.js'
import { mintSandboxIdToken, type SandboxIdTokenOptions } from '../relay/mintSandboxIdToken.js'
import type { SandboxClock } from '../sandbox/clock.js'
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox/createSandbox.js'
import { SANDBOX_SCA_CODE } from '../sandbox/money/verifyScaProof.js'
import { SANDBOX_OTP_CODE } from '../sandbox/sandboxOtpCode.js'
import { type CollectWebhooksOptions, collectWebhooks, type WebhookCollector } from './collectWebhooks.js'

/** Fields of a customer to create: any `POST /customers` field; the rest is filled in. */
export interface TestCustomerFields {
  /** Default: a fresh `user-…@example.com`, so customers never collide. */
  email?: string
  /** Default `'Ada Lovelace'`. */
  fullName?: string
  [field: string]: unknown
}

/** A customer of the test sandbox, with its embedded wallet and its EMAIL_OTP credential. */
export interface TestCustomer {
  customerId: string
  /** The customer's embedded wallet (`InternalAccount:…`). */
  accountId: string
  /** The wallet's EMAIL_OTP credential (`AuthMethod:…`), the first one every wallet gets. */
  emailCredentialId: string
  email: string
}

/** Options of `startTestSandbox`: any `createSandbox` option, and these. */
export interface TestSandboxOptions extends SandboxOptions {
  /**
   * Serve the sandbox on this port of `host` (0 picks a free one), for an app backend in another
   * process. Default: in-process only, reached through `fetch` and `relayOptions`.
   */
  port?: number
  /** Default `'localhost'` (WebAuthn refuses IP hosts). */
  host?: string
  /** Customers created before the sandbox is handed over, in order (`customers[i]`). */
  customers?: TestCustomerFields[]
  /**
   * Receive the sandbox's webhooks on a localhost receiver registered as its endpoint, verified
   * with its key (`TestSandbox.webhooks`); `respond` picks the receiver's answer. Default: none.
   */
  webhooks?: boolean | Pick<CollectWebhooksOptions, 'respond'>
}

/** A sandbox started for a test, with what a test needs around it. */
export interface TestSandbox {
  /** The sandbox itself. */
  sandbox: Sandbox
  /** The base URL of the API: `http://localhost:PORT/2025-10-13`, or an in-process one. */
  baseUrl: string
  /** The port it serves, when started with `port` (the free one picked for `port: 0`). */
  port?: number
  clientId: string
  clientSecret: string
  /**
   * The `Authorization` header value (HTTP Basic) the platform's requests carry: for a test that
   * reaches the sandbox's port with its own HTTP client (in an app only the backend holds it).
   */
  authorization: string
  /** Signer of OTP target bundles: the page's trusted signer (`trustedSigners` of the client). */
  signerPublicKey: string
  /** Signer of wallet exports: the page's trusted export signer. */
  exportSignerPublicKey: string
  /** Public key (SPKI PEM) the sandbox's webhooks are signed with: the backend's verifier key. */
  webhookPublicKey: string
  /**
   * With `webhooks`: the webhooks this sandbox sent, verified, and `waitFor(type, matches)` for
   * the one a test caused.
   */
  webhooks?: WebhookCollector
  /** `fetch` to the sandbox as the platform (HTTP Basic added), answered in-process. */
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
  /** What `createRelay` needs to reach this sandbox in-process: spread it into its options. */
  relayOptions: {
    baseUrl: string
    clientId: string
    clientSecret: string
    fetch: (request: Request) => Promise<Response>
    /** The sandbox's clock: the relay's confirmations expire by the time the page compares them with. */
    now: () => number
  }
  /** The customers of `options.customers`, created at start. */
  customers: TestCustomer[]
  /** Creates a customer (as the app's own sign-up would); returns its wallet and credential. */
  createCustomer(fields?: TestCustomerFields): Promise<TestCustomer>
  /** Credits an internal account at once (the sandbox-only fund endpoint), in its smallest units. */
  fund(accountId: string, amount: number): Promise<void>
  /** The code every sandbox email or SMS OTP takes. */
  otpCode: string
  /** The code every sandbox SCA SMS step takes. */
  scaCode: string
  /** An unsigned ID token the sandbox accepts, issued on the sandbox clock. */
  idToken(options: Omit<SandboxIdTokenOptions, 'now'>): string
  /** The sandbox's time: move it (`advance`, `set`) instead of waiting for an expiry. */
  clock: SandboxClock
  /** Stops the port, if any, the webhook deliveries and the webhook receiver. */
  close(): Promise<void>
}

// The in-process base URL: any origin does, the sandbox reads only the path.
const IN_PROCESS_ORIGIN = 'http://sandbox.internal'

/**
 * Starts a sandbox for a test: quiet (no OTP log), in-process or on a port, with seeded customers,
 * the sandbox's codes, ID tokens and its clock. Node only.
 *
 * @example
 * ```ts
 * const sandbox = await startTestSandbox({ port: 8790, customers: [{ email: 'ada@example.com' }] })
 * const [ada] = sandbox.customers
 * // …the app signs ada in with sandbox.otpCode…
 * sandbox.clock.advance(16 * 60_000) // past the session's 15 minutes
 * await sandbox.close()
 * ```
 *
 * @example
 * ```ts
 * const sandbox = await startTestSandbox({ webhooks: true, customers: [{}] })
 * await sandbox.fund(sandbox.customers[0].accountId, 1_000_000)
 * const received = await sandbox.webhooks?.waitFor('INCOMING_PAYMENT.COMPLETED')
 * ```
 */
export async function startTestSandbox(options: TestSandboxOptions = {}): Promise<TestSandbox> {
  const { port, host = 'localhost', customers: seeds = [], webhooks, ...sandboxOptions } = options
  let webhookPublicKey: string | undefined
  const collector = webhooks
    ? await collectWebhooks({
        publicKey: () => webhookPublicKey,
        ...(sandboxOptions.webhookSignatureHeaderName
          ? { headerName: sandboxOptions.webhookSignatureHeaderName }
          : {}),
        ...(typeof webhooks === 'object' && webhooks.respond ? { respond: webhooks.respond } : {}),
      })
    : undefined
  const sandbox = await createSandbox({
    log: () => {},
    ...(collector ? { webhookEndpoint: collector.url } : {}),
    ...sandboxOptions,
  })
  webhookPublicKey = sandbox.webhookPublicKey
  const server = port === undefined ? undefined : await sandbox.listen({ port, host })
  const baseUrl = server?.baseUrl ?? `${IN_PROCESS_ORIGIN}${sandbox.basePath}`
  const authorization = `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}`

  const platformFetch: TestSandbox['fetch'] = (input, init) => {
    const request = new Request(input, init)
    request.headers.set('Authorization', authorization)
    return sandbox.fetch(request)
  }
  // A platform call that must succeed: its JSON, or the service's error as a WalletAuthError.
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await platformFetch(`${IN_PROCESS_ORIGIN}${sandbox.basePath}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    if (!response.ok) throw await errorFromResponse(response)
    return (await response.json()) as T
  }

  const createCustomer = async (fields: TestCustomerFields = {}): Promise<TestCustomer> => {
    const email = fields.email ?? `user-${crypto.randomUUID().slice(0, 8)}@example.com`
    type List = { data: Array<{ id: string }> }
    const customer = await call<{ id: string }>('POST', '/customers', {
      customerType: 'INDIVIDUAL',
      fullName: 'Ada Lovelace',
      ...fields,
      email,
    })
    const accounts = await call<List>(
      'GET',
      `/customers/internal-accounts?customerId=${customer.id}&type=EMBEDDED_WALLET`,
    )
    const [wallet] = accounts.data
    if (!wallet)
      throw new WalletAuthError('INVALID_RESPONSE', `Customer ${customer.id} has no embedded wallet.`)
    const credentials = await call<List>('GET', `/auth/credentials?accountId=${wallet.id}`)
    const [emailCredential] = credentials.data
    if (!emailCredential)
      throw new WalletAuthError('INVALID_RESPONSE', `Wallet ${wallet.id} has no credential.`)
    return { customerId: customer.id, accountId: wallet.id, emailCredentialId: emailCredential.id, email }
  }

  const customers: TestCustomer[] = []
  try {
    for (const seed of seeds) customers.push(await createCustomer(seed))
  } catch (error) {
    // The caller gets no handle to close: the port must not stay open behind the failure.
    await server?.close()
    await sandbox.close()
    await collector?.close()
    throw error
  }

  return {
    sandbox,
    baseUrl,
    ...(server ? { port: server.port } : {}),
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    authorization,
    signerPublicKey: sandbox.signerPublicKey,
    exportSignerPublicKey: sandbox.exportSignerPublicKey,
    webhookPublicKey: sandbox.webhookPublicKey,
    ...(collector ? { webhooks: collector } : {}),
    fetch: platformFetch,
    relayOptions: {
      baseUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      fetch: (request) => sandbox.fetch(request),
      now: sandbox.clock.now,
    },
    customers,
    createCustomer,
    fund: async (accountId, amount) => {
      await call('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount })
    },
    otpCode: SANDBOX_OTP_CODE,
    scaCode: SANDBOX_SCA_CODE,
    idToken: (tokenOptions) => mintSandboxIdToken({ ...tokenOptions, now: sandbox.clock.now }),
    clock: sandbox.clock,
    close: async () => {
      await server?.close()
      await sandbox.close()
      await collector?.close()
    },
  }
}
