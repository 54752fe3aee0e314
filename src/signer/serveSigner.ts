import { readFile } from 'node:fs/promises'
import type { SignerConfig } from './signerConfig.js'
import { signerContentSecurityPolicy } from './signerContentSecurityPolicy.js'

/** Options of `serveSigner`. */
export interface ServeSignerOptions {
  /** The deployment's settings, served as `signer-config.json` (a function: read at each load). */
  config: SignerConfig | (() => SignerConfig | Promise<SignerConfig>)
  /** Where the built signer document is. Default: the package's `dist/signer-document/`. */
  dir?: string | URL
}

const TYPES: Record<string, string> = {
  'signer.html': 'text/html; charset=utf-8',
  'signer.js': 'text/javascript; charset=utf-8',
  'integrity.json': 'application/json',
}

/**
 * A request handler (`(Request) => Promise<Response>`, like the relay's) serving the signer
 * document on the origin it is mounted at: `signer.html` under `signerContentSecurityPolicy`,
 * its pinned module, its integrity manifest and `signer-config.json`. Mount it on an origin of
 * its own (`https://signer.example.com`), never the app's.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http'
 * import { toNodeHandler } from 'embedded-wallet-auth/relay'
 * const signer = serveSigner({ config: { appOrigins: ['https://app.example.com'],
 *   baseUrl: 'https://app.example.com/api/wallet' } })
 * createServer(toNodeHandler(signer)).listen(4001)
 * ```
 */
export function serveSigner({
  config,
  dir = new URL('./signer-document/', import.meta.url),
}: ServeSignerOptions) {
  const base = new URL(dir.toString().endsWith('/') ? dir.toString() : `${dir}/`, 'file:///')
  const readConfig = async () => (typeof config === 'function' ? await config() : config)
  return async (request: Request): Promise<Response> => {
    const name = new URL(request.url).pathname.split('/').pop() || 'signer.html'
    if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 })
    const settings = await readConfig()
    const headers = new Headers({
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Resource-Policy': 'same-site',
    })
    if (name === 'signer-config.json') {
      headers.set('Content-Type', 'application/json')
      headers.set('Cache-Control', 'no-store')
      return new Response(JSON.stringify(settings), { headers })
    }
    const type = TYPES[name]
    if (!type) return new Response(null, { status: 404, headers })
    headers.set('Content-Type', type)
    if (name === 'signer.html') headers.set('Content-Security-Policy', signerContentSecurityPolicy(settings))
    return new Response(await readFile(new URL(name, base)), { headers })
  }
}
