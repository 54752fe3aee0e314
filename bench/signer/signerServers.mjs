// The two origins of the signer benches (bundled for Node by esbuild from the kit's sources, then
// imported): the app (its page and, under /api, the fake service behind withSignerOrigins, as the
// recommended same-site deployment has its relay) and the signer (dist/signer-document/ through
// serveSigner, plus a setup page that stores the signer origin's session key). Both pages are
// cross-origin isolated (COOP and COEP), which sharpens `performance.now()` to 5 µs steps; the
// signer's responses get the COEP header a framed document needs under an isolated page.
import { createServer } from 'node:http'
import { toNodeHandler } from '../../src/relay/toNodeHandler.ts'
import { withSignerOrigins } from '../../src/relay/withSignerOrigins.ts'
import { serveSigner } from '../../src/signer/serveSigner.ts'
import { fakeService } from '../shared/fakeService.mjs'

// The wallet-settings PATCH's challenge, as the service words it: a raw payload bound to the body.
const settingsPayloadOf = (requestId) =>
  JSON.stringify({
    organizationId: 'Organization:9d2f6a0e-5b1c-4c8e-9a4f-2b7d3e1f0a6c',
    parameters: {
      encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
      hashFunction: 'HASH_FUNCTION_NO_OP',
      payload: 'a3f1c2e4b5d6a7f8091a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f70',
      signWith: '0x5e1f0b7a3c2d4e6f8a9b0c1d2e3f4a5b6c7d8e9f',
    },
    requestId,
    timestampMs: String(Date.now()),
    type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
  })

const ISOLATED = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
}

const page = (title) =>
  new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><script type="module" src="/page.js"></script></html>`,
    { headers: { 'Content-Type': 'text/html; charset=utf-8', ...ISOLATED } },
  )

const script = (text) =>
  new Response(text, { headers: { 'Content-Type': 'text/javascript; charset=utf-8', ...ISOLATED } })

const listen = async (handler) => {
  const server = createServer(toNodeHandler(handler))
  await new Promise((resolve) => server.listen(0, 'localhost', resolve))
  return { server, origin: `http://localhost:${server.address().port}` }
}

/**
 * Starts the app and signer origins on free localhost ports. `pageJs` is the bench page's bundle
 * (served as /page.js on both); `signerDir` the built signer document. Returns
 * `{ app, signer, counts, close }`, `counts.signed` counting the signed requests the service answered.
 *
 * @example
 * ```js
 * const servers = await startSignerServers({ pageJs, signerDir: new URL('../../dist/signer-document/', import.meta.url) })
 * ```
 * @param {{ pageJs: string, signerDir: URL }} options
 */
export async function startSignerServers({ pageJs, signerDir }) {
  const counts = { signed: 0, preflights: 0 }
  const service = fakeService({ counts, payloadOf: settingsPayloadOf })
  // The body read, as a relay forwarding it does (a body left unread closes the connection).
  const relay = async (request) => {
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.text()
    return service(request.url, { method: request.method, headers: request.headers, body })
  }
  // Set once the signer's port is known: the relay answers the signer's origin with CORS.
  let withCors = relay
  const app = await listen(async (request) => {
    const { pathname } = new URL(request.url)
    if (pathname.startsWith('/api/')) {
      if (request.method === 'OPTIONS') counts.preflights++
      return withCors(request)
    }
    if (pathname === '/page.js') return script(pageJs)
    if (pathname === '/') return page('App')
    return new Response(null, { status: 404 })
  })
  // Set once the app's port is known: the signer's config names it.
  let signerHandler = async () => new Response(null, { status: 503 })
  const signer = await listen(async (request) => {
    const { pathname } = new URL(request.url)
    if (pathname === '/page.js') return script(pageJs)
    if (pathname === '/setup.html') return page('Signer setup')
    const response = await signerHandler(request)
    const headers = new Headers(response.headers)
    headers.set('Cross-Origin-Embedder-Policy', 'require-corp')
    return new Response(response.body, { status: response.status, headers })
  })
  withCors = withSignerOrigins(relay, { signerOrigins: [signer.origin] })
  signerHandler = serveSigner({
    dir: signerDir,
    config: { appOrigins: [app.origin], baseUrl: `${app.origin}/api` },
  })
  return {
    app: app.origin,
    signer: signer.origin,
    counts,
    close: async () => {
      for (const { server } of [app, signer]) {
        server.closeAllConnections()
        await new Promise((resolve) => server.close(resolve))
      }
    },
  }
}
