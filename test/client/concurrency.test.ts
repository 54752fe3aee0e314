// Item 3 of issue 7: many signed actions at once from one session, and a refresh racing with them.
import { describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { expectCode } from '../helpers/expectCode.js'
import { recordReliability } from '../reliability/recordReliability.js'
import { createCustomer, json, otpSignIn, startHarness } from '../sandbox/harness.js'
import { type WireEntry, walletOnWire } from './walletOnWire.js'

/** Every 202's request id against the retries that carried it: each must be used exactly once. */
function requestIdUse(wire: WireEntry[]) {
  const issued = wire.flatMap((entry) => (entry.challengeId ? [entry.challengeId] : []))
  const retried = wire.flatMap((entry) => (entry.requestId ? [entry.requestId] : []))
  const usedOnce = issued.filter((id) => retried.filter((used) => used === id).length === 1)
  return { issued, retried, usedOnce, distinct: new Set(issued).size }
}

describe('concurrent signed actions', () => {
  it('100 actions started at once from one session all succeed, each request id used once', async () => {
    const h = await startHarness()
    const customer = await createCustomer(h)
    const { key } = await otpSignIn(h, customer.emailCredentialId, customer.accountId)
    const wire: WireEntry[] = []
    const recording: typeof fetch = async (input, init) => {
      const request = new Request(input, init)
      const response = await h.api(request)
      const challenge = response.status === 202 ? await response.clone().json() : undefined
      wire.push({
        method: request.method,
        path: new URL(request.url).pathname,
        body: '',
        action: undefined,
        requestId: request.headers.get('Request-Id') ?? undefined,
        signed: request.headers.has('Service-Wallet-Signature'),
        status: response.status,
        challengeId: challenge?.requestId,
      })
      return response
    }
    const signedFetch = withWalletSignature(recording, { getKey: () => key, now: h.sandbox.clock.now })
    const actions = 100
    const results = await Promise.allSettled(
      Array.from({ length: actions }, (_, i) =>
        signedFetch(
          `${h.base}/internal-accounts/${customer.accountId}`,
          json('PATCH', { privateEnabled: i % 2 === 0 }),
        ),
      ),
    )
    const succeeded = results.filter((result) => result.status === 'fulfilled' && result.value.status === 200)
    const ids = requestIdUse(wire)
    const refused = wire.filter((entry) => entry.status === 401).length
    expect(succeeded).toHaveLength(actions)
    expect(ids.issued).toHaveLength(actions)
    expect(ids.distinct).toBe(actions)
    expect(ids.retried).toHaveLength(actions)
    expect(ids.usedOnce).toHaveLength(actions)
    expect(refused).toBe(0)
    const lost = actions - succeeded.length
    await recordReliability({
      area: 'concurrency',
      name: '100 signed actions at once from one session',
      tried: `${actions} PATCH /internal-accounts/{id} with distinct bodies started in one tick through withWalletSignature, one session key, against the in-process sandbox; request ids checked on the wire.`,
      figures: [
        ['actions started', actions],
        ['requests sent', wire.length],
        ['202 challenges', ids.issued.length],
        ['distinct request ids', ids.distinct],
        ['request ids used in exactly one retry', ids.usedOnce.length],
        ['retries refused', refused],
        ['successes', succeeded.length],
      ],
      outcome: `${succeeded.length} of ${actions} succeeded; every 202's request id was signed and sent exactly once.`,
      lost,
    })
    expect(lost).toBe(0)
  })

  it('a refresh racing with signed actions loses none of them: refused retries are re-sent with the new key', async () => {
    // The race made certain: every action's signed retry is held until the refresh has replaced
    // the session on the service, so a retry stamped by the old key meets a revoked key.
    let refreshed!: () => void
    const refreshDone = new Promise<void>((resolve) => {
      refreshed = resolve
    })
    const { wallet, customer, wire, signIn, base } = await walletOnWire({
      before: async (request) => {
        if (request.method === 'PATCH' && request.headers.has('Request-Id')) await refreshDone
      },
      after: (entry) => {
        if (entry.path.endsWith('/refresh') && entry.signed && entry.status === 201) refreshed()
      },
    })
    const first = await signIn()
    const actions = 50
    const act = (i: number) =>
      wallet.fetch(`${base}/internal-accounts/${customer.accountId}`, {
        ...json('PATCH', { privateEnabled: i % 2 === 0 }),
        headers: { 'Content-Type': 'application/json', 'X-Test-Action': `action-${i}` },
      })
    const running: Promise<Response>[] = []
    for (let i = 0; i < actions / 2; i++) running.push(act(i))
    const refresh = wallet.sessions.refresh()
    for (let i = actions / 2; i < actions; i++) running.push(act(i))
    const [results, session] = await Promise.all([Promise.allSettled(running), refresh])
    wallet.dispose()

    const succeeded = results.filter((result) => result.status === 'fulfilled' && result.value.status === 200)
    const patches = wire.filter((entry) => entry.method === 'PATCH')
    const firstLegs = (i: number) =>
      patches.filter((entry) => !entry.signed && entry.action === `action-${i}`).length
    const resent = Array.from({ length: actions }, (_, i) => firstLegs(i)).filter((legs) => legs === 2).length
    const refused = patches.filter((entry) => entry.status === 401).length
    const ids = requestIdUse(patches)
    expect(succeeded).toHaveLength(actions)
    // The race happened (retries were refused), and each refused action was re-sent exactly once.
    expect(refused).toBeGreaterThan(0)
    expect(resent).toBe(refused)
    expect(Array.from({ length: actions }, (_, i) => firstLegs(i)).every((legs) => legs <= 2)).toBe(true)
    expect(ids.usedOnce).toHaveLength(ids.issued.length)
    expect(ids.distinct).toBe(ids.issued.length)
    // The final session is the refreshed one, here and on the service.
    expect(session.sessionId).not.toBe(first.sessionId)
    expect((await wallet.sessions.current())?.sessionId).toBe(session.sessionId)
    expect((await wallet.sessions.list(customer.accountId)).map((listed) => listed.id)).toEqual([
      session.sessionId,
    ])
    const lost = actions - succeeded.length
    await recordReliability({
      area: 'concurrency',
      name: 'A refresh racing with signed actions',
      tried: `${actions} signed PATCH actions through the client (createWalletAuth -> relay -> sandbox), a session refresh started after the first ${actions / 2}; every action's signed retry held until the refresh had revoked the old key on the service.`,
      faults: 'Signed retries stamped by a key that a concurrent refresh had just revoked.',
      figures: [
        ['actions', actions],
        ['refreshes', 1],
        ['retries refused (old key revoked)', refused],
        ['actions re-sent after the refresh', resent],
        ['202 request ids', ids.issued.length],
        ['request ids used exactly once', ids.usedOnce.length],
        ['successes', succeeded.length],
      ],
      outcome: `${succeeded.length} of ${actions} succeeded; each refused action was re-sent once with the refreshed key, and the refreshed session is the only one left.`,
      lost,
    })
    expect(lost).toBe(0)
  })

  it('re-sends a refused action once at most, and only when another key would sign it', async () => {
    // A service that refuses every signed retry: the wrapper must not loop, whatever getKey says.
    let sent = 0
    const refusing: typeof fetch = async (_input, init) => {
      sent++
      if (!new Headers(init?.headers).has('Request-Id')) {
        const expiresAt = new Date(Date.now() + 60_000).toISOString()
        const challenge = { payloadToSign: 'p', requestId: `Request:${crypto.randomUUID()}`, expiresAt }
        return Response.json(challenge, { status: 202 })
      }
      const refusal = { status: 401, code: 'WALLET_SIGNATURE_INVALID', message: 'no' }
      return Response.json(refusal, { status: 401 })
    }
    const same = await generateSessionKey()
    const sameKey = withWalletSignature(refusing, { getKey: () => same })
    await expectCode(() => sameKey('https://api.example/x', { method: 'DELETE' }), 'WALLET_SIGNATURE_INVALID')
    expect(sent).toBe(2)
    sent = 0
    const newKeys = withWalletSignature(refusing, { getKey: () => generateSessionKey() })
    await expectCode(() => newKeys('https://api.example/x', { method: 'DELETE' }), 'WALLET_SIGNATURE_INVALID')
    expect(sent).toBe(4)
  })
})
