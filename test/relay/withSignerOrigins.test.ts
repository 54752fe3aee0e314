// The signer's origin, and it alone, may call the relay with the app's cookie and read the answer.
import { describe, expect, it } from 'vitest'
import { withSignerOrigins } from '../../src/relay/withSignerOrigins.js'

const SIGNER = 'https://signer.example.com'
const seen: Request[] = []
const relay = withSignerOrigins(
  async (request) => {
    seen.push(request)
    return new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } })
  },
  { signerOrigins: [SIGNER], headerName: 'Grid-Wallet-Signature' },
)
const request = (origin: string | undefined, method = 'POST', headers: Record<string, string> = {}) =>
  new Request('https://app.example.com/api/wallet/quotes', {
    method,
    headers: { ...(origin ? { Origin: origin } : {}), ...headers },
  })

describe('withSignerOrigins', () => {
  it("answers the signer's preflight itself, allowing its credentials and the kit's headers", async () => {
    seen.length = 0
    const response = await relay(request(SIGNER, 'OPTIONS', { 'Access-Control-Request-Method': 'POST' }))
    expect(response.status).toBe(204)
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(SIGNER)
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBe('true')
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('grid-wallet-signature')
    expect(response.headers.get('Access-Control-Allow-Headers')).toContain('request-id')
    expect(seen).toHaveLength(0)
  })

  it("lets the signer read the relay's answer, the clock's Date header included", async () => {
    const response = await relay(request(SIGNER))
    expect(await response.json()).toEqual({ ok: true })
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe(SIGNER)
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('Date')
    expect(response.headers.get('Vary')).toBe('Origin')
  })

  it.each([
    ['another origin', 'https://evil.example'],
    ['a sibling of the signer', 'https://signer.example.com:8443'],
    ['no origin (the app itself)', undefined],
  ])('gives %s no CORS headers and its preflight to the relay', async (_what, origin) => {
    seen.length = 0
    for (const method of ['OPTIONS', 'POST']) {
      const response = await relay(request(origin, method))
      expect(response.headers.get('Access-Control-Allow-Origin')).toBeNull()
      expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull()
    }
    expect(seen).toHaveLength(2)
  })
})
