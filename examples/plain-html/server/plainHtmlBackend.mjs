// The page's backend, on node:http alone: the page under its Content-Security-Policy, the kit's
// browser files under /kit/, the kit's relay at /api/wallet (the API secret stays here; the signer
// document calls it too, from its own origin), and the app's own few routes.
import { readFile } from 'node:fs/promises'
import {
  createPasskeyRegistrationOptions,
  createRelay,
  toNodeHandler,
  withSignerOrigins,
} from 'embedded-wallet-auth/relay'
import { KIT_DIR, readKitManifest } from './kitFiles.mjs'
import { PAGE_DIR, renderPage } from './renderPage.mjs'

/**
 * The policy the page runs under: its own scripts, styles and connections only, and the signer's
 * document as its one frame.
 *
 * @example
 * ```js
 * res.setHeader('Content-Security-Policy', contentSecurityPolicy('http://localhost:8794'))
 * ```
 * @param {string} signerOrigin
 */
export const contentSecurityPolicy = (signerOrigin) =>
  `default-src 'self'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-src ${signerOrigin}; object-src 'none'; base-uri 'none'`

/** Where the browser sends its CSP violation reports, when a test asks for them. */
const CSP_REPORTS = '/csp-reports'

const PAGE_FILES = new Map([
  ['/app.js', 'text/javascript; charset=utf-8'],
  ['/style.css', 'text/css; charset=utf-8'],
])

/**
 * The line a tampered kit file is served with: run, it adds the file's path to the page's
 * `globalThis.kitTamperedRan`, so a test sees whether the browser ran the file it should refuse.
 */
export const tamperedLine = (path) => `\n;(globalThis.kitTamperedRan ??= []).push(${JSON.stringify(path)})\n`

function send(res, status, body, type = 'application/json') {
  res.statusCode = status
  res.setHeader('Content-Type', type)
  res.end(typeof body === 'string' || body instanceof Uint8Array ? body : JSON.stringify(body))
}

async function readJson(req) {
  const chunks = []
  for await (const chunk of req) chunks.push(chunk)
  const parsed = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {}
  return typeof parsed === 'object' && parsed !== null ? parsed : {}
}

/**
 * The backend's request handler (`(req, res) => void`, for `http.createServer`).
 *
 * @example
 * ```js
 * const handler = createPlainHtmlBackend({
 *   origin: 'http://localhost:8795',
 *   signerOrigin: 'http://localhost:8794',
 *   service: { baseUrl, clientId, clientSecret },
 *   users: [{ email: 'ada@example.com', customerId, accountId }],
 * })
 * createServer(handler).listen(8795, 'localhost')
 * ```
 * @param {{
 *   origin: string,
 *   signerOrigin: string,
 *   service: { baseUrl: string, clientId: string, clientSecret: string, fetch?: (request: Request) => Promise<Response> },
 *   users: { email: string, customerId: string, accountId: string }[],
 *   kitDir?: string,
 *   tamper?: string,
 *   onCspReport?: (report: unknown) => void,
 * }} settings the page's origin and the signer document's (the page frames it; it calls the relay
 *   with the page's cookie; passkeys are made there and bound to both, under the RP ID
 *   `localhost`), the service and its credentials (a `fetch` of its own for an in-process
 *   sandbox), the app's users, and for tests `tamper`: a kit file served with
 *   `tamperedLine` added, and `onCspReport`: the page's CSP then also has a `report-uri`, and every violation
 *   report the browser sends is handed to it.
 */
export function createPlainHtmlBackend(settings) {
  const { origin, signerOrigin, service, kitDir = KIT_DIR, tamper, onCspReport } = settings
  const policy = onCspReport
    ? `${contentSecurityPolicy(signerOrigin)}; report-uri ${CSP_REPORTS}`
    : contentSecurityPolicy(signerOrigin)
  const serviceFetch = service.fetch ?? ((request) => fetch(request))
  const usersByEmail = new Map(settings.users.map((user) => [user.email.toLowerCase(), user]))
  // The app's own sign-in sessions: an opaque cookie token -> the user. (Here the email alone
  // starts one: it stands for the app's real login, which this example does not show.) Its cookie
  // is SameSite=Strict: the signer, on another port of localhost, is the same site, so its calls
  // to the relay carry it.
  const sessions = new Map()
  const userOf = (cookie) => {
    const token = /(?:^|;\s*)app_session=([\w-]+)/.exec(cookie ?? '')?.[1]
    return token === undefined ? undefined : sessions.get(token)
  }
  const passkeys = createPasskeyRegistrationOptions({
    rpName: 'Plain HTML wallet',
    rpId: 'localhost',
    origins: [origin, signerOrigin],
  })
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
  const methodsOf = async (user) => {
    const response = await serviceFetch(
      new Request(`${service.baseUrl}/auth/credentials?accountId=${encodeURIComponent(user.accountId)}`, {
        headers: { Authorization: `Basic ${btoa(`${service.clientId}:${service.clientSecret}`)}` },
      }),
    )
    if (!response.ok) throw new Error(`The wallet service answered ${response.status}.`)
    return (await response.json()).data
  }

  const serveKit = async (res, path) => {
    const manifest = await readKitManifest(kitDir)
    if (!Object.hasOwn(manifest.files, path)) return send(res, 404, { code: 'NOT_FOUND' })
    const bytes = await readFile(`${kitDir}${path}`)
    // A test's tampered copy: one line appended that leaves a mark on the page if it ever runs.
    const served = path === tamper ? Buffer.concat([bytes, Buffer.from(tamperedLine(path))]) : bytes
    send(res, 200, served, 'text/javascript; charset=utf-8')
  }

  const serveApi = async (req, res, path) => {
    if (path === '/api/sign-in' && req.method === 'POST') {
      const { email } = await readJson(req)
      const user = typeof email === 'string' ? usersByEmail.get(email.toLowerCase()) : undefined
      if (!user) return send(res, 404, { code: 'NOT_FOUND' })
      const token = crypto.randomUUID()
      sessions.set(token, user)
      res.setHeader('Set-Cookie', `app_session=${token}; HttpOnly; SameSite=Strict; Path=/`)
      return send(res, 200, { accountId: user.accountId, methods: await methodsOf(user) })
    }
    const user = userOf(req.headers.cookie)
    if (!user) return send(res, 401, { code: 'UNAUTHENTICATED' })
    if (path === '/api/account')
      return send(res, 200, { accountId: user.accountId, methods: await methodsOf(user) })
    if (path === '/api/passkey-options' && req.method === 'POST')
      return send(res, 200, await passkeys.options({ name: user.email, accountId: user.accountId }))
    send(res, 404, { code: 'NOT_FOUND' })
  }

  return async (req, res) => {
    const path = new URL(req.url ?? '/', origin).pathname
    try {
      if (path.startsWith('/api/wallet/')) return void relay(req, res)
      if (path === CSP_REPORTS && onCspReport && req.method === 'POST') {
        onCspReport(await readJson(req))
        return send(res, 204, '')
      }
      if (path.startsWith('/api/')) return await serveApi(req, res, path)
      if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, { code: 'METHOD_NOT_ALLOWED' })
      if (path.startsWith('/kit/')) return await serveKit(res, path.slice('/kit/'.length))
      const type = PAGE_FILES.get(path)
      if (type) return send(res, 200, await readFile(new URL(path.slice(1), PAGE_DIR)), type)
      if (path !== '/') return send(res, 404, { code: 'NOT_FOUND' })
      res.setHeader('Content-Security-Policy', policy)
      const signerUrl = `${signerOrigin}/signer.html`
      const html = await renderPage({ manifest: await readKitManifest(kitDir), signerUrl })
      send(res, 200, html, 'text/html; charset=utf-8')
    } catch (error) {
      // A body that is not JSON is the caller's mistake; anything else is this server's.
      if (error instanceof SyntaxError) return send(res, 400, { code: 'INVALID_INPUT' })
      console.error(error)
      send(res, 500, { code: 'INTERNAL_ERROR' })
    }
  }
}
