import type { Plugin, ViteDevServer } from 'vite'
import {
  createPasskeyRegistrationOptions,
  createRelay,
  toNodeHandler,
  withSignerOrigins,
} from '../../src/relay/index.js'
import { type BackendConfig, readBackendConfig } from './backendConfig.js'
import { createChallengeExpiry } from './challengeExpiry.js'
import { contentSecurityPolicy } from './contentSecurityPolicy.js'
import { createDemoRoutes, DEMO_PREFIX } from './demoRoutes.js'
import { createDemoUsers } from './demoUsers.js'
import { createRelayActivity } from './relayActivity.js'
import { createServiceClient } from './serviceClient.js'
import { type DemoSandbox, startDemoSandbox } from './startDemoSandbox.js'
import { startDemoSigner } from './startDemoSigner.js'
import { createWebhookEndpoint, WEBHOOK_PATH } from './webhookEndpoint.js'

/** Where the relay is mounted: the page's `createWalletAuth({ baseUrl: '/api/wallet' })`. */
export const RELAY_PREFIX = '/api/wallet'

/**
 * How long an incoming payment waits for the person on the page (sandbox clock): the service
 * gives a platform 5 seconds, which is a machine's time; the demo's sandbox gives a person ten
 * minutes to read it and decide.
 */
export const DEMO_APPROVAL_WINDOW_MS = 10 * 60_000

function under(prefix: string, url: string): boolean {
  const path = url.split('?')[0] ?? ''
  return path === prefix || path.startsWith(`${prefix}/`)
}

async function startBackend(server: ViteDevServer, config: BackendConfig) {
  const { logger } = server.config
  const origin = `http://localhost:${server.config.server.port}`
  // The signer document's origin: the same site as the page (localhost), another origin (its port).
  const signerOrigin = `http://localhost:${config.signerPort}`
  const users = createDemoUsers()
  const onError = (error: unknown) =>
    logger.error(`demo backend: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`, {
      timestamp: true,
    })

  let running: DemoSandbox | undefined
  let expiry: ReturnType<typeof createChallengeExpiry> | undefined
  let upstream: { baseUrl: string; clientId: string; clientSecret: string }
  if (config.mode === 'sandbox') {
    running = await startDemoSandbox({
      port: config.sandboxPort,
      // Passkey ceremonies run in the signer's frame, or in the page with `?keys=page`.
      origins: [origin, signerOrigin],
      log: (message) => logger.info(message, { timestamp: true }),
      signatureHeaderName: config.signatureHeader,
      // The sandbox's webhooks come to this backend; an incoming payment waits for the person.
      webhookEndpoint: `${origin}${WEBHOOK_PATH}`,
      incomingPaymentApprovalWindowMs: DEMO_APPROVAL_WINDOW_MS,
    })
    const { sandbox, server: sandboxServer } = running
    expiry = createChallengeExpiry(sandbox)
    upstream = {
      baseUrl: sandboxServer.baseUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
    }
  } else {
    upstream = { baseUrl: config.serviceUrl, clientId: config.clientId, clientSecret: config.clientSecret }
  }

  const passkeys = createPasskeyRegistrationOptions({
    rpName: 'embedded-wallet-auth demo',
    rpId: config.rpId,
    origins: [origin, signerOrigin],
  })
  const relay = createRelay({
    ...upstream,
    prefix: RELAY_PREFIX,
    headerName: config.signatureHeader,
    ...(expiry ? { fetch: expiry.fetch } : {}),
    // The relay's confirmations expire by the clock the page compares them with: the sandbox's,
    // which the demo's tools move.
    ...(running ? { now: running.sandbox.clock.now } : {}),
    passkeyRegistration: passkeys,
    // The integrator's say: only the signed-in demo user, and only on what their customer owns.
    // Indicative rates name no one (nobody's data): any signed-in user may see them.
    authorize: (request, target, { isOwnedBy }) => {
      const user = users.fromCookies(request.headers.get('cookie'))
      if (user === undefined) return false
      if (target.operation === 'GET /exchange-rates') return true
      return isOwnedBy(user.customerId, { accountIds: [user.accountId] })
    },
    onError,
  })
  const signer = await startDemoSigner({
    port: config.signerPort,
    config: {
      appOrigins: [origin],
      baseUrl: `${origin}${RELAY_PREFIX}`,
      headerName: config.signatureHeader,
      ...(running
        ? {
            trustedSigners: [running.sandbox.signerPublicKey],
            exportSigners: [running.sandbox.exportSignerPublicKey],
            // The sandbox's exports are not signed; the real service's are, and are checked.
            dangerouslyAcceptUnsignedSandboxExport: true,
          }
        : {}),
    },
  }).catch(async (error: unknown) => {
    await running?.close()
    throw error
  })
  const activity = createRelayActivity({
    headerName: config.signatureHeader,
    userOf: (request) => users.fromCookies(request.headers.get('cookie'))?.customerId,
  })
  const demoRoutes = createDemoRoutes({
    mode: config.mode,
    rpId: config.rpId,
    signatureHeader: config.signatureHeader,
    origin,
    signerUrl: signer.url,
    activity,
    ...(config.mode === 'service' ? { allowStandInLogin: config.allowStandInLogin } : {}),
    users,
    service: createServiceClient(upstream),
    passkeys,
    ...(running && expiry ? { sandbox: { sandbox: running.sandbox, expiry } } : {}),
    onError,
  })
  return {
    // The signer calls the relay itself, with the page's cookie (same site): CORS with credentials
    // for its origin only.
    relay: toNodeHandler(
      withSignerOrigins(activity.wrap(relay), {
        signerOrigins: [signerOrigin],
        headerName: config.signatureHeader,
      }),
    ),
    demoRoutes,
    // Sandbox mode only: against a real service, its webhooks are the integrator's own to receive.
    webhooks: running
      ? createWebhookEndpoint({
          publicKey: running.sandbox.webhookPublicKey,
          headerName: running.sandbox.config.webhookSignatureHeaderName,
          onError,
        })
      : undefined,
    upstream: upstream.baseUrl,
    clientId: upstream.clientId,
    signerUrl: signer.url,
    close: async () => {
      await Promise.all([signer.close(), running?.close()])
    },
  }
}

/**
 * The demo's backend as a Vite plugin, in the dev server's own process: the Content-Security-Policy
 * on every response, the kit's relay on `/api/wallet/*` (authorized by the `demo_user` cookie, and
 * open to the signer's origin), the demo routes on `/api/demo/*`, and the signer document, built
 * from `src/signer/` and served on `DEMO_SIGNER_PORT` (another origin of the same site). In sandbox mode (the default) it starts the local sandbox
 * on `DEMO_SANDBOX_PORT` before the server listens; with `DEMO_SERVICE_URL` it relays to that
 * service instead. See `readBackendConfig` for the environment it reads.
 *
 * @example
 * ```ts
 * export default defineConfig({ root: 'demo', plugins: [demoBackend()] })
 * ```
 */
export function demoBackend(): Plugin {
  return {
    name: 'embedded-wallet-auth-demo-backend',
    apply: 'serve',
    async configureServer(server) {
      const config = readBackendConfig()
      server.middlewares.use(contentSecurityPolicy(`http://localhost:${config.signerPort}`))
      // Startup problems (a port taken since the check in vite.config.ts) are one sentence.
      const backend = await startBackend(server, config).catch((error: unknown) => {
        server.config.logger.error(`\n  ${error instanceof Error ? error.message : String(error)}\n`)
        process.exit(1)
      })
      server.httpServer?.once('close', () => {
        void backend.close()
      })

      const printUrls = server.printUrls.bind(server)
      server.printUrls = () => {
        printUrls()
        const name = config.mode === 'sandbox' ? 'Sandbox' : 'Service'
        server.config.logger.info(`  ➜  ${name}: ${backend.upstream}  (client id ${backend.clientId})`)
        server.config.logger.info(
          `  ➜  Signer: ${backend.signerUrl}  (the page frames it; ?keys=page: keys in the page)`,
        )
      }

      server.middlewares.use((req, res, next) => {
        const url = req.url ?? ''
        if (under(RELAY_PREFIX, url)) return void backend.relay(req, res)
        if (under(DEMO_PREFIX, url)) return void backend.demoRoutes(req, res)
        if (backend.webhooks && under(WEBHOOK_PATH, url)) return void backend.webhooks(req, res)
        next()
      })
    },
  }
}
