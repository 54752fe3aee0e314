/** Where the demo backend sends the relay: a local sandbox it starts, or a real service. */
export type BackendConfig = (
  | { mode: 'sandbox'; rpId: 'localhost'; sandboxPort: number }
  | {
      mode: 'service'
      rpId: string
      serviceUrl: string
      clientId: string
      clientSecret: string
      /** `DEMO_ALLOW_STAND_IN_LOGIN=1`: the email-only login, for a test tenant only. */
      allowStandInLogin: boolean
    }
) & {
  /** The wallet-signature header the page, the relay and the sandbox use (`DEMO_SIGNATURE_HEADER`). */
  signatureHeader: string
  /** The port of the signer document's origin, beside the page's (`DEMO_SIGNER_PORT`, default 5174). */
  signerPort: number
}

const DEFAULT_SANDBOX_PORT = 8787
const DEFAULT_SIGNER_PORT = 5174
const DEFAULT_SIGNATURE_HEADER = 'Service-Wallet-Signature'

function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

function port(env: NodeJS.ProcessEnv, name: string, otherwise: number): number {
  const value = setting(env, name) ?? String(otherwise)
  const number = Number(value)
  if (!/^\d+$/.test(value) || number < 1 || number > 65535) {
    throw new Error(`${name} is not a port number: ${value}`)
  }
  return number
}

/**
 * Reads the demo backend's configuration from the environment: service mode when
 * `DEMO_SERVICE_URL` is set (with `DEMO_CLIENT_ID`, `DEMO_CLIENT_SECRET` and optional `DEMO_RP_ID`),
 * else sandbox mode on `DEMO_SANDBOX_PORT` (default 8787). The signer document is served on
 * `DEMO_SIGNER_PORT` (default 5174) in both modes. Throws a message naming the variable
 * at fault, never echoing the secret. `DEMO_SIGNATURE_HEADER` names the wallet-signature header in
 * both modes (the real service's is `Grid-Wallet-Signature`).
 */
export function readBackendConfig(env: NodeJS.ProcessEnv = process.env): BackendConfig {
  const serviceUrl = setting(env, 'DEMO_SERVICE_URL')
  const clientId = setting(env, 'DEMO_CLIENT_ID')
  const clientSecret = setting(env, 'DEMO_CLIENT_SECRET')
  const signatureHeader = setting(env, 'DEMO_SIGNATURE_HEADER') ?? DEFAULT_SIGNATURE_HEADER
  if (!/^[A-Za-z0-9-]+$/.test(signatureHeader)) {
    throw new Error(`DEMO_SIGNATURE_HEADER is not a header name: ${signatureHeader}`)
  }
  const signerPort = port(env, 'DEMO_SIGNER_PORT', DEFAULT_SIGNER_PORT)
  if (serviceUrl === undefined) {
    if (clientId !== undefined || clientSecret !== undefined) {
      throw new Error(
        'DEMO_CLIENT_ID and DEMO_CLIENT_SECRET are used only with DEMO_SERVICE_URL; set it too.',
      )
    }
    const sandboxPort = port(env, 'DEMO_SANDBOX_PORT', DEFAULT_SANDBOX_PORT)
    return { mode: 'sandbox', rpId: 'localhost', sandboxPort, signatureHeader, signerPort }
  }
  let url: URL
  try {
    url = new URL(serviceUrl)
  } catch {
    throw new Error(`DEMO_SERVICE_URL is not a URL: ${serviceUrl}`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error('DEMO_SERVICE_URL must be an http(s) URL, version segment included.')
  }
  if (clientId === undefined || clientSecret === undefined) {
    throw new Error('DEMO_SERVICE_URL needs DEMO_CLIENT_ID and DEMO_CLIENT_SECRET (the API credentials).')
  }
  return {
    mode: 'service',
    rpId: setting(env, 'DEMO_RP_ID') ?? 'localhost',
    serviceUrl: url.href.replace(/\/+$/, ''),
    clientId,
    clientSecret,
    allowStandInLogin: setting(env, 'DEMO_ALLOW_STAND_IN_LOGIN') === '1',
    signatureHeader,
    signerPort,
  }
}
