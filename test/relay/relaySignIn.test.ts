// The whole browser path through the relay against the in-process sandbox: an OTP sign-in, signed
// actions, and error answers; the API secret must appear in none of what the relay returns, and
// every body must reach the service byte for byte.
import { describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { json, otpSignInThroughRelay, type RelayHarness, startRelayHarness } from './relayHarness.js'

/** Every string through which the secret could leak: itself, and the Basic header value. */
function secrets(r: RelayHarness): string[] {
  const { clientId, clientSecret } = r.h.sandbox
  const basic = btoa(`${clientId}:${clientSecret}`)
  return [clientSecret, basic, `Basic ${basic}`]
}

function expectNoSecret(r: RelayHarness) {
  expect(r.replies.length).toBeGreaterThan(0)
  for (const reply of r.replies) {
    const seen = JSON.stringify(reply)
    for (const secret of secrets(r)) expect(seen).not.toContain(secret)
    for (const [name] of reply.headers)
      expect(['cache-control', 'content-type', 'retry-after', 'x-content-type-options']).toContain(name)
  }
}

describe('an OTP sign-in and signed actions through the relay', () => {
  it('works end to end, and the API secret appears in nothing the relay returns', async () => {
    const r = await startRelayHarness()
    const ada = await r.addUser('ada')
    const bob = await r.addUser('bob')
    const { key, metadata } = await otpSignInThroughRelay(r, ada)
    expect(metadata.sessionId).toMatch(/^Session:/)
    const page = r.browser('ada')
    const signed = withWalletSignature(page, { getKey: () => key, now: r.h.sandbox.clock.now })

    // Reads and a signed action (202 -> stamp -> replay through the relay).
    const sessions = await page(`${r.appBase}/auth/sessions?accountId=${ada.accountId}`)
    expect((await sessions.json()).data.map((s: { id: string }) => s.id)).toContain(metadata.sessionId)
    const patched = await signed(
      `${r.appBase}/internal-accounts/${ada.accountId}`,
      json('PATCH', { privateEnabled: true }),
    )
    expect(patched.status).toBe(200)
    const next = await generateSessionKey()
    const refreshed = await signed(
      `${r.appBase}/auth/sessions/${metadata.sessionId}/refresh`,
      json('POST', { clientPublicKey: next.publicKey }),
    )
    expect(refreshed.status).toBe(201)
    const nextSessionId = (await refreshed.json()).id as string
    ada.owned.sessionIds.add(nextSessionId)

    // Error answers of every kind pass through the same filter.
    const summary = async (response: Response | Promise<Response>) => {
      const answer = await response
      return `${answer.status} ${(await answer.clone().json()).code}`
    }
    const statuses = [
      await summary(
        page(`${r.appBase}/sandbox/internal-accounts/${ada.accountId}/fund`, json('POST', { amount: 1 })),
      ),
      await summary(page(`${r.appBase}/auth/sessions?accountId=${bob.accountId}`)),
      await summary(r.browser()(`${r.appBase}/auth/sessions?accountId=${ada.accountId}`)),
      await summary(
        page(`${r.appBase}/auth/credentials/${ada.emailCredentialId}/challenge`, { method: 'POST' }),
      ),
      await summary(
        page(
          `${r.appBase}/internal-accounts/${ada.accountId}`,
          json(
            'PATCH',
            { privateEnabled: false },
            {
              'Service-Wallet-Signature': 'not-a-stamp',
              'Request-Id': 'Request:00000000-0000-4000-8000-000000000000',
            },
          ),
        ),
      ),
      await summary(page(`${r.appBase}/auth/credentials`, json('POST', '{not json'))),
    ]
    expect(statuses).toEqual([
      '404 REFERENCE_NOT_FOUND',
      '403 FORBIDDEN',
      '403 FORBIDDEN',
      '429 RATE_LIMITED',
      expect.stringMatching(/^401 [A-Z_]+$/),
      '400 INVALID_INPUT',
    ])
    const signedByNext = withWalletSignature(page, { getKey: () => next, now: r.h.sandbox.clock.now })
    const revoked = await signedByNext(`${r.appBase}/auth/sessions/${nextSessionId}`, { method: 'DELETE' })
    expect(revoked.status).toBe(204)

    expectNoSecret(r)
    // And the service got the secret on every call, and nothing else of the browser's.
    const { clientId, clientSecret } = r.h.sandbox
    for (const call of r.upstream) {
      expect(call.headers.authorization).toBe(`Basic ${btoa(`${clientId}:${clientSecret}`)}`)
      for (const name of Object.keys(call.headers)) {
        expect([
          'authorization',
          'content-type',
          'accept',
          'service-wallet-signature',
          'request-id',
          'idempotency-key',
        ]).toContain(name)
      }
    }
  })

  it('carries the wallet signature under the configured header name only, as the service names it', async () => {
    const headerName = 'Grid-Wallet-Signature'
    const r = await startRelayHarness({ headerName }, { signatureHeaderName: headerName })
    const ada = await r.addUser('ada')
    const { key, metadata } = await otpSignInThroughRelay(r, ada, headerName)
    const page = r.browser('ada')
    const refresh = async (name?: string) => {
      const signed = withWalletSignature(page, {
        getKey: () => key,
        now: r.h.sandbox.clock.now,
        headerName: name,
      })
      const next = await generateSessionKey()
      return signed(
        `${r.appBase}/auth/sessions/${metadata.sessionId}/refresh`,
        json('POST', { clientPublicKey: next.publicKey }),
      )
    }
    expect((await refresh(headerName)).status).toBe(201)
    expect(r.upstream.at(-1)?.headers['grid-wallet-signature']).toBeTruthy()
    // The default name is not the configured one: the relay does not pass it on.
    await expect(refresh()).rejects.toMatchObject({ status: 401 })
    expect(r.upstream.at(-1)?.headers).not.toHaveProperty('service-wallet-signature')
    expect(r.upstream.at(-1)?.headers).not.toHaveProperty('grid-wallet-signature')
  })

  it('forwards every body byte for byte, so a signed retry through the relay succeeds', async () => {
    const r = await startRelayHarness()
    const ada = await r.addUser('ada')
    const { key, metadata } = await otpSignInThroughRelay(r, ada)
    const page = r.browser('ada')
    // Odd spacing and an escaped member name: a relay that re-serialised would change them, and
    // the stamp (over a digest of the first body) would no longer match the retry.
    const body = `{ "client\\u0050ublicKey" :"${(await generateSessionKey()).publicKey}"\n\t}`
    const sent: Uint8Array[] = []
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init)
      sent.push(new Uint8Array(await request.clone().arrayBuffer()))
      return page(request)
    }
    const signed = withWalletSignature(recording, { getKey: () => key, now: r.h.sandbox.clock.now })
    const before = r.upstream.length
    const refreshed = await signed(
      `${r.appBase}/auth/sessions/${metadata.sessionId}/refresh`,
      json('POST', body),
    )
    expect(refreshed.status).toBe(201)
    const forwarded = r.upstream.slice(before).map((call) => call.body)
    expect(forwarded).toHaveLength(2)
    expect(sent).toHaveLength(2)
    for (const [i, bytes] of forwarded.entries()) {
      expect(bytes).toEqual(sent[i])
      expect(new TextDecoder().decode(bytes)).toBe(body)
    }
    // The retry carried the stamp and the request id through.
    const retry = r.upstream.at(-1)
    expect(retry?.headers['service-wallet-signature']).toBeTruthy()
    expect(retry?.headers['request-id']).toMatch(/^Request:/)
  })

  it('relays a changed body untouched too, so the service can see it was changed', async () => {
    const r = await startRelayHarness()
    const ada = await r.addUser('ada')
    const { key } = await otpSignInThroughRelay(r, ada)
    const page = r.browser('ada')
    const first = await page(
      `${r.appBase}/internal-accounts/${ada.accountId}`,
      json('PATCH', { privateEnabled: true }),
    )
    expect(first.status).toBe(202)
    const challenge = await first.json()
    const { stampChallenge } = await import('../../src/stamp/stampChallenge.js')
    const headers = await stampChallenge(challenge, key, { now: r.h.sandbox.clock.now })
    const changed = await page(
      `${r.appBase}/internal-accounts/${ada.accountId}`,
      json('PATCH', { privateEnabled: false }, headers),
    )
    expect(changed.status).toBe(401)
    expect((await changed.json()).code).toBe('WALLET_SIGNATURE_BODY_MISMATCH')
  })
})
