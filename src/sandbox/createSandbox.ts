import { serve } from '@hono/node-server'
import { WEBHOOK_SIGNATURE_HEADER } from '../relay/webhookSignatureHeader.js'
import { WALLET_SIGNATURE_HEADER } from '../stamp/stamp.js'
import { answerClientError } from './answerClientError.js'
import { API_VERSION } from './apiVersion.js'
import { createApp } from './app.js'
import { announceProvisionedCards } from './cards/announceProvisionedCards.js'
import { createClock, type SandboxClock } from './clock.js'
import { newId, type SandboxConfig, type SandboxContext } from './context.js'
import { createEnclave } from './enclave.js'
import { reviewExternalAccounts } from './money/externalAccountReview.js'
import { INCOMING_PAYMENT_APPROVAL_WINDOW_MS } from './money/incomingApproval.js'
import { settleMoney } from './money/transactions.js'
import { createStore } from './store.js'
import { createSandboxWebhooks, wakeAfter } from './webhooks/sandboxWebhooks.js'
import { createWebhookHub } from './webhooks/webhookHub.js'
import { createWebhookSigner } from './webhooks/webhookSigner.js'

/** Options of `createSandbox`. */
export interface SandboxOptions extends Partial<SandboxConfig> {
  /** Start time of the sandbox clock (epoch ms), or a clock function. Default: real time. */
  now?: number | (() => number)
  clientId?: string
  clientSecret?: string
  /** URL the sandbox sends webhooks to from the start (as if set with `PATCH /config`). */
  webhookEndpoint?: string
}

/** A running sandbox server. */
export interface SandboxServer {
  /** `http://localhost:PORT/2025-10-13`: the `baseUrl` for clients. */
  baseUrl: string
  port: number
  close(): Promise<void>
}

/** One local emulator of the service, with its own state, keys and clock. */
export interface Sandbox {
  /** Handles one request in-process (no port): a standard `fetch`-shaped handler. */
  fetch(request: Request): Promise<Response>
  /**
   * Serves the sandbox over HTTP. Default host `localhost` (WebAuthn refuses IP hosts), port 0 (any).
   * Rejects with the server error (e.g. `EADDRINUSE`) when it cannot listen.
   */
  listen(options?: { port?: number; host?: string }): Promise<SandboxServer>
  /** HTTP Basic credentials every request must carry. */
  clientId: string
  clientSecret: string
  /** `/2025-10-13`: append it to the server origin for the base URL. */
  basePath: string
  /** Signer of OTP target bundles: pass it to `encryptOtp` as a trusted signer. */
  signerPublicKey: string
  /** Signer of wallet exports: pass it to `openWalletExport` as a trusted signer. */
  exportSignerPublicKey: string
  /** Public key (SPKI PEM) of the webhook signatures: what the platform verifies them with. */
  webhookPublicKey: string
  /** The sandbox's time: `clock.advance(6 * 60_000)` instead of waiting. */
  clock: SandboxClock
  config: Readonly<SandboxConfig>
  /** Stops webhook deliveries and their pending retries (servers from `listen` close on their own). */
  close(): Promise<void>
}

/**
 * Starts a sandbox of the payments service: embedded-wallet authentication with real
 * cryptography, quotes with SCA, and the spec's sandbox outcomes, all in memory.
 *
 * @example
 * ```ts
 * const sandbox = await createSandbox({ origins: ['http://localhost:5173'] })
 * const response = await sandbox.fetch(new Request(`http://sandbox${sandbox.basePath}/customers`, {
 *   method: 'POST',
 *   headers: { Authorization: `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}` },
 *   body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace', email: 'ada@example.com' }),
 * }))
 * ```
 */
export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const {
    now,
    clientId = 'sandbox-client',
    clientSecret = `sandbox-secret-${crypto.randomUUID()}`,
    webhookEndpoint,
    ...overrides
  } = options
  const config: SandboxConfig = {
    organizationId: newId('Organization'),
    rpId: 'localhost',
    origins: ['http://localhost:5173'],
    sessionLifetimeMs: 15 * 60_000,
    signedRetryTtlMs: 5 * 60_000,
    otpTtlMs: 10 * 60_000,
    challengeIntervalMs: 30_000,
    verifyFailureLimit: 5,
    umaDomain: 'sandbox.uma.example',
    corsOrigins: [],
    signatureHeaderName: WALLET_SIGNATURE_HEADER,
    log: (message) => console.log(message),
    webhookSignatureHeaderName: WEBHOOK_SIGNATURE_HEADER,
    webhookRetryDelayMs: 1_000,
    webhookTimeoutMs: 30_000,
    incomingPaymentApprovalWindowMs: INCOMING_PAYMENT_APPROVAL_WINDOW_MS,
    ...overrides,
  }
  const baseClock = createClock(now)
  // Moving the clock announces what came due (payments settling, webhook retries) at once.
  const clock: SandboxClock = {
    now: baseClock.now,
    advance: (milliseconds) => {
      baseClock.advance(milliseconds)
      webhooks.tick()
    },
    set: (epochMilliseconds) => {
      baseClock.set(epochMilliseconds)
      webhooks.tick()
    },
  }
  const hub = createWebhookHub({
    signer: await createWebhookSigner(),
    clock,
    headerName: config.webhookSignatureHeaderName,
    retryDelayMs: config.webhookRetryDelayMs,
    timeoutMs: config.webhookTimeoutMs,
    log: config.log,
    // Retries come due on the sandbox clock; a clock that follows real time is looked at again then.
    wake: (ms) => wakeAfter(webhooks, ms),
    ...(webhookEndpoint === undefined ? {} : { endpoint: webhookEndpoint }),
  })
  const webhooks = createSandboxWebhooks(hub, () => {
    settleMoney(ctx)
    announceProvisionedCards(ctx)
    reviewExternalAccounts(ctx)
    hub.timeMoved()
  })
  const ctx: SandboxContext = {
    store: createStore(),
    clock,
    enclave: await createEnclave(),
    config,
    webhooks,
  }
  const app = createApp(ctx, { clientId, clientSecret })

  return {
    fetch: async (request) => app.fetch(request),
    listen: ({ port = 0, host = 'localhost' } = {}) =>
      new Promise((resolve, reject) => {
        const server = serve({ fetch: app.fetch, port, hostname: host }, (info) => {
          server.off('error', reject)
          resolve({
            baseUrl: `http://${host}:${info.port}/${API_VERSION}`,
            port: info.port,
            close: () => new Promise((done) => server.close(() => done())),
          })
        })
        // A busy port (EADDRINUSE) rejects instead of crashing the process.
        server.once('error', reject)
        // What Node's parser refuses (an unknown method, a bad header) still gets an Error object.
        server.on('clientError', answerClientError)
      }),
    clientId,
    clientSecret,
    basePath: `/${API_VERSION}`,
    signerPublicKey: ctx.enclave.signerPublicKey,
    exportSignerPublicKey: ctx.enclave.exportSignerPublicKey,
    webhookPublicKey: hub.publicKeyPem,
    clock: ctx.clock,
    config,
    close: async () => {
      hub.close()
      for (const timer of webhooks.timers) clearTimeout(timer)
      webhooks.timers.clear()
    },
  }
}
