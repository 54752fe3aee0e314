// The app's backend, as a Vite plugin: the page's Content-Security-Policy, the kit's relay at
// /api/wallet (the API secret stays here; the signer on its own origin calls it too, with the
// app's cookie), and the app's own routes.
import type { IncomingMessage, ServerResponse } from 'node:http'
import {
  createPasskeyRegistrationOptions,
  createRelay,
  toNodeHandler,
  withSignerOrigins,
} from 'embedded-wallet-auth/relay'
import { AuthMethod, parseWire } from 'embedded-wallet-auth/wire'
import type { Connect, Plugin } from 'vite'
import { createWalletCustomer } from './createWalletCustomer.js'
import { endUserIpAddress } from './endUserIpAddress.js'
import { send } from './send.js'
import { ServiceRefused, type ServiceSettings, serviceApi } from './serviceApi.js'
import { readSignUp } from './signUpForm.js'
import { createWebhookInbox, type WebhookSettings } from './webhookInbox.js'

/** A user of the app, as its own database keeps them: who they are, and their wallet. */
export interface AppUser {
  email: string
  customerId: string
  accountId: string
}

/** What the backend is started with: in production from its configuration, in tests from the sandbox. */
export interface AppSettings {
  /** The page's origin, e.g. `http://localhost:8793`. */
  origin: string
  /**
   * The signer document's origin, e.g. `http://localhost:8795` (`serveSigner` runs there): the
   * page frames it, the relay lets it in with the app's cookie, and passkeys are made there.
   */
  signerOrigin: string
  /** The wallet service: its base URL (version included) and the app's API credentials. */
  service: ServiceSettings
  /** The app's users (its database) at start; those who sign up through the page are added. */
  users: AppUser[]
  /** The service's webhooks, received at `POST /webhooks/service`; omitted, that route is absent. */
  webhooks?: WebhookSettings
  /** The UMA address the page's payment goes to; omitted, the page offers no payment. */
  payTo?: string
}

// The page frames the signer and nothing else.
const contentSecurityPolicy = (signerOrigin: string) =>
  `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-src ${signerOrigin}; object-src 'none'; base-uri 'none'`

/** The request's JSON object (`{}` for an empty body or anything but an object). */
async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const parsed: unknown = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
  return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {}
}

function createBackend(settings: AppSettings): Connect.NextHandleFunction {
  const { service, signerOrigin } = settings
  const policy = contentSecurityPolicy(signerOrigin)
  const inbox = settings.webhooks ? createWebhookInbox(settings.webhooks) : undefined
  const call = serviceApi(service)
  const usersByEmail = new Map(settings.users.map((user) => [user.email.toLowerCase(), user]))
  // The app's own sign-in sessions: an opaque cookie token -> the user. (Here the email alone
  // starts one: it stands for the app's real login, which this example does not show.)
  const sessions = new Map<string, AppUser>()
  const userOf = (cookie: string | null | undefined) => {
    const token = /(?:^|;\s*)app_session=([\w-]+)/.exec(cookie ?? '')?.[1]
    return token === undefined ? undefined : sessions.get(token)
  }

  const passkeys = createPasskeyRegistrationOptions({
    rpName: 'Example wallet',
    rpId: 'localhost',
    // Passkey ceremonies run in the signer's frame, on its origin.
    origins: [signerOrigin],
  })
  // The signer calls the relay itself (cross-origin, same site): CORS with credentials for it.
  const relay = toNodeHandler(
    withSignerOrigins(
      createRelay({
        ...service,
        prefix: '/api/wallet',
        passkeyRegistration: passkeys,
        // The signed-in user may touch only what their own customer owns.
        authorize: (request, _target, { isOwnedBy }) => {
          const user = userOf(request.headers.get('cookie'))
          return user !== undefined && isOwnedBy(user.customerId, { accountIds: [user.accountId] })
        },
      }),
      { signerOrigins: [signerOrigin] },
    ),
  )
  // The wallet's sign-in methods, asked of the service with the app's credentials and read with
  // the kit's schema: what the service answers is checked before the page sees it.
  const methodsOf = async (user: AppUser) => {
    const { data } = await call<{ data?: unknown }>('GET', `/auth/credentials?accountId=${user.accountId}`)
    if (!Array.isArray(data)) throw new ServiceRefused(502)
    return data.map((method) => parseWire(AuthMethod, method, 'AuthMethod'))
  }
  // What the page is told of the signed-in user: their wallet and its sign-in methods, their
  // customer (the SCA login a payment may ask for is the customer's), and the address their
  // request came from (the service asks for the person's device address in an SCA login).
  const accountOf = async (user: AppUser, req: IncomingMessage) => ({
    accountId: user.accountId,
    customerId: user.customerId,
    methods: await methodsOf(user),
    endUserIpAddress: endUserIpAddress(req),
  })
  // Starts the app's session for `user` (the cookie), and answers with their account.
  // (The account is read first: a service that fails then starts no session.)
  const startSession = async (user: AppUser, req: IncomingMessage, res: ServerResponse, status = 200) => {
    const account = await accountOf(user, req)
    const token = crypto.randomUUID()
    sessions.set(token, user)
    // Lax: it goes with the signer's requests to the relay (the signer is on the same site).
    res.setHeader('Set-Cookie', `app_session=${token}; HttpOnly; SameSite=Lax; Path=/`)
    send(res, status, account)
  }

  return async (req, res, next) => {
    res.setHeader('Content-Security-Policy', policy)
    const path = (req.url ?? '').split('?')[0] ?? ''
    if (path.startsWith('/api/wallet/')) return void relay(req, res)
    // The service's webhooks: no app session, the signature is what authenticates them.
    if (path === '/webhooks/service' && req.method === 'POST' && inbox) {
      return void inbox.receive(req, res).catch(next)
    }
    if (!path.startsWith('/api/')) return next()
    try {
      if (path === '/api/config') {
        return send(res, 200, { signerUrl: `${signerOrigin}/signer.html`, payTo: settings.payTo })
      }
      if (path === '/api/sign-in' && req.method === 'POST') {
        const { email } = await readJson(req)
        const user = typeof email === 'string' ? usersByEmail.get(email.trim().toLowerCase()) : undefined
        if (!user) return send(res, 404, { code: 'NOT_FOUND' })
        return await startSession(user, req, res)
      }
      // Sign-up: the form checked here, the customer and their wallet made on the service with
      // the app's credentials, the user kept in the app's database, then signed in as above.
      if (path === '/api/sign-up' && req.method === 'POST') {
        const form = readSignUp(await readJson(req))
        if (!form.ok) return send(res, 400, { code: 'INVALID_INPUT', fields: form.fields })
        const { email } = form.value
        if (usersByEmail.has(email)) {
          return send(res, 409, {
            code: 'CONFLICT',
            fields: { email: 'This email has a wallet already. Sign in with it instead.' },
          })
        }
        // The app's own id of the user, given to the service as the customer's platformCustomerId.
        const userId = crypto.randomUUID().replaceAll('-', '')
        const wallet = await createWalletCustomer(call, form.value, userId)
        const user: AppUser = { email, ...wallet }
        usersByEmail.set(email, user)
        return await startSession(user, req, res, 201)
      }
      const user = userOf(req.headers.cookie)
      if (!user) return send(res, 401, { code: 'UNAUTHENTICATED' })
      if (path === '/api/account') return send(res, 200, await accountOf(user, req))
      // The webhooks received about the user's own payments and accounts, for the page to show.
      if (path === '/api/webhook-events')
        return send(res, 200, { data: inbox?.eventsOf(user.customerId) ?? [] })
      if (path === '/api/passkey-options' && req.method === 'POST') {
        return send(res, 200, await passkeys.options({ name: user.email, accountId: user.accountId }))
      }
      send(res, 404, { code: 'NOT_FOUND' })
    } catch (error) {
      // A body that is not JSON is the caller's mistake; a service that refuses or answers
      // nonsense is a bad gateway: neither is this server's own failure.
      if (error instanceof SyntaxError) return send(res, 400, { code: 'INVALID_INPUT' })
      // A customer the service refused (say, a mobile number it does not take) is said on the form.
      if (error instanceof ServiceRefused && error.status === 400 && path === '/api/sign-up')
        return send(res, 422, { code: 'SERVICE_REFUSED' })
      if (error instanceof ServiceRefused || (error as { code?: string }).code === 'INVALID_RESPONSE')
        return send(res, 502, { code: 'SERVICE_UNAVAILABLE' })
      next(error)
    }
  }
}

/** The backend on Vite's servers (`vite` in development, `vite preview` for the built page). */
export function appBackend(settings: AppSettings): Plugin {
  const backend = createBackend(settings)
  return {
    name: 'example-app-backend',
    configureServer: (server) => void server.middlewares.use(backend),
    configurePreviewServer: (server) => void server.middlewares.use(backend),
  }
}
