import type { Plugin, ViteDevServer } from 'vite'
import { createPasskeyRegistrationOptions, createRelay, toNodeHandler } from '../../src/relay/index.js'
import { type BackendConfig, readBackendConfig } from './backendConfig.js'
import { createChallengeExpiry } from './challengeExpiry.js'
import { contentSecurityPolicy } from './contentSecurityPolicy.js'
import { createDemoRoutes, DEMO_PREFIX } from './demoRoutes.js'
import { createDemoUsers } from './demoUsers.js'
import { createServiceClient } from './serviceClient.js'
import { type DemoSandbox, startDemoSandbox } from './startDemoSandbox.js'

/** Where the relay is mounted: the page's `createWalletAuth({ baseUrl: '/api/wallet' })`. */
export const RELAY_PREFIX = '/api/wallet'

function under(prefix: string, url: string): boolean {
  const path = url.split('?')[0] ?? ''
  return path === prefix || path.startsWith(`${prefix}/`)
}

async function startBackend(server: ViteDevServer, config: BackendConfig) {
  const { logger } = server.config
  const origin = `http://localhost:${server.config.server.port}`
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
      origin,
      log: (message) => logger.info(message, { timestamp: true }),
      signatureHeaderName: config.signatureHeader,
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
    origins: [origin],
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
    authorize: (request, _target, { isOwnedBy }) => {
      const user = users.fromCookies(request.headers.get('cookie'))
      return user !== undefined && isOwnedBy(user.customerId, { accountIds: [user.accountId] })
    },
    onError,
  })
  const demoRoutes = createDemoRoutes({
    mode: config.mode,
    rpId: config.rpId,
    signatureHeader: config.signatureHeader,
    origin,
    ...(config.mode === 'service' ? { allowStandInLogin: config.allowStandInLogin } : {}),
    users,
    service: createServiceClient(upstream),
    passkeys,
    ...(running && expiry ? { sandbox: { sandbox: running.sandbox, expiry } } : {}),
    onError,
  })
  return {
    relay: toNodeHandler(relay),
    demoRoutes,
    upstream: upstream.baseUrl,
    clientId: upstream.clientId,
    close: () => running?.close() ?? Promise.resolve(),
  }
}

/**
 * The demo's backend as a Vite plugin, in the dev server's own process: the Content-Security-Policy
 * on every response, the kit's relay on `/api/wallet/*` (authorized by the `demo_user` cookie),
 * and the demo routes on `/api/demo/*`. In sandbox mode (the default) it starts the local sandbox
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
      server.middlewares.use(contentSecurityPolicy())
      const config = readBackendConfig()
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
      }

      server.middlewares.use((req, res, next) => {
        const url = req.url ?? ''
        if (under(RELAY_PREFIX, url)) return void backend.relay(req, res)
        if (under(DEMO_PREFIX, url)) return void backend.demoRoutes(req, res)
        next()
      })
    },
  }
}
