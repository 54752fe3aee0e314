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
}

const DEFAULT_SANDBOX_PORT = 8787
const DEFAULT_SIGNATURE_HEADER = 'Service-Wallet-Signature'

function setting(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const value = env[name]?.trim()
  return value ? value : undefined
}

/**
 * Reads the demo backend's configuration from the environment: service mode when
 * `DEMO_SERVICE_URL` is set (with `DEMO_CLIENT_ID`, `DEMO_CLIENT_SECRET` and optional `DEMO_RP_ID`),
 * else sandbox mode on `DEMO_SANDBOX_PORT` (default 8787). Throws a message naming the variable
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
  if (serviceUrl === undefined) {
    if (clientId !== undefined || clientSecret !== undefined) {
      throw new Error(
        'DEMO_CLIENT_ID and DEMO_CLIENT_SECRET are used only with DEMO_SERVICE_URL; set it too.',
      )
    }
    const port = setting(env, 'DEMO_SANDBOX_PORT') ?? String(DEFAULT_SANDBOX_PORT)
    const sandboxPort = Number(port)
    if (!/^\d+$/.test(port) || sandboxPort > 65535) {
      throw new Error(`DEMO_SANDBOX_PORT is not a port number: ${port}`)
    }
    return { mode: 'sandbox', rpId: 'localhost', sandboxPort, signatureHeader }
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
  }
}
