// Delegated keys: for a card the wallet funds, three signed legs (two 202s in a row), each
// Request-Id once, then list and revoke.
import { describe, expect, it } from 'vitest'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { stamp } from '../../src/stamp/stamp.js'
import { createCustomer, type Harness, otpSignIn, type Reply, startHarness } from './harness.js'
import { issueCard } from './issueCard.js'

/** A signed-in customer and a card funded by its wallet. */
async function signedIn(h: Harness) {
  const customer = await createCustomer(h)
  const { key } = await otpSignIn(h, customer.emailCredentialId, customer.accountId)
  const cardId = await issueCard(h, { cardholderId: customer.customerId, accountId: customer.accountId })
  return { ...customer, key, cardId }
}

describe('delegated keys in the sandbox', () => {
  it('creates a key in three legs: 202, 202, then 201 ACTIVE; every leg needs the same body and its own Request-Id', async () => {
    const h = await startHarness()
    const { accountId, key, cardId } = await signedIn(h)
    const body = { cardId, internalAccountId: accountId, nickname: 'Card payments key' }
    const leg = (challenge: Reply, signWith = key, sent: unknown = body) =>
      stamp(challenge.body.payloadToSign as string, signWith).then((signature) =>
        h.call('POST', '/auth/delegated-keys', sent, {
          'Service-Wallet-Signature': signature,
          'Request-Id': challenge.body.requestId as string,
        }),
      )

    const first = await h.call('POST', '/auth/delegated-keys', body)
    expect(first.status).toBe(202)
    expect(first.body).not.toHaveProperty('type')
    const created = JSON.parse(first.body.payloadToSign as string)
    expect(created.type).toBe('ACTIVITY_TYPE_CREATE_USERS_V3')
    const publicKey = created.parameters.users[0].apiKeys[0].publicKey
    expect(publicKey).toMatch(/^0[23][0-9a-f]{64}$/)

    const second = await leg(first)
    expect(second.status).toBe(202)
    expect(second.body.requestId).not.toBe(first.body.requestId)
    expect(JSON.parse(second.body.payloadToSign as string).type).toBe('ACTIVITY_TYPE_CREATE_POLICIES')
    // Abandoned here, the key would stay PENDING.
    const pending = await h.call('GET', `/auth/delegated-keys?accountId=${accountId}`)
    expect((pending.body.data as { status: string }[]).map((k) => k.status)).toEqual(['PENDING'])

    // The first leg's Request-Id is spent; a changed body is refused; a stranger's key is refused.
    expect((await leg(first)).body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    const third = await leg(second)
    expect(third.status).toBe(201)
    expect(third.body).toMatchObject({
      cardId: body.cardId,
      accountId,
      publicKey,
      nickname: body.nickname,
      status: 'ACTIVE',
      fundingSourceId: expect.stringMatching(/^CardFundingSource:/),
    })
    expect((await leg(second)).body).toMatchObject({ status: 401, code: 'UNAUTHORIZED' })
    const read = await h.call('GET', `/auth/delegated-keys/${third.body.id}`)
    expect(read.body).toEqual(third.body)
  })

  it('refuses a changed body or another key on a later leg', async () => {
    const h = await startHarness()
    const { accountId, key, cardId } = await signedIn(h)
    const body = { cardId, internalAccountId: accountId, nickname: 'k' }
    const first = await h.call('POST', '/auth/delegated-keys', body)
    const signature = await stamp(first.body.payloadToSign as string, key)
    const changed = await h.call(
      'POST',
      '/auth/delegated-keys',
      { ...body, nickname: 'other' },
      { 'Service-Wallet-Signature': signature, 'Request-Id': first.body.requestId as string },
    )
    expect(changed.body).toMatchObject({ status: 401, code: 'WALLET_SIGNATURE_BODY_MISMATCH' })
    const again = await h.call('POST', '/auth/delegated-keys', body)
    const stranger = await generateSessionKey()
    const bySomeoneElse = await h.call('POST', '/auth/delegated-keys', body, {
      'Service-Wallet-Signature': await stamp(again.body.payloadToSign as string, stranger),
      'Request-Id': again.body.requestId as string,
    })
    expect(bySomeoneElse.body).toMatchObject({ status: 401, code: 'WALLET_SIGNATURE_INVALID' })
  })

  it('keeps one ACTIVE key per card funding source (409), lists by wallet or source, and revokes once (204, then 400)', async () => {
    const h = await startHarness()
    const { accountId, cardId } = await signedIn(h)
    const body = { cardId, internalAccountId: accountId, nickname: 'k' }
    const created = await h.signed(`${h.base}/auth/delegated-keys`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    expect(created.status).toBe(201)
    const key = await created.json()
    expect((await h.call('POST', '/auth/delegated-keys', body)).body).toMatchObject({
      status: 409,
      code: 'CONFLICT',
    })

    const bySource = await h.call('GET', `/auth/delegated-keys?fundingSourceId=${key.fundingSourceId}`)
    expect((bySource.body.data as { id: string }[]).map((k) => k.id)).toEqual([key.id])
    const both = await h.call('GET', `/auth/delegated-keys?accountId=${accountId}&fundingSourceId=Nope:1`)
    expect(both.body.data).toEqual([])
    expect((await h.call('GET', '/auth/delegated-keys')).body).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    })

    expect((await h.call('DELETE', `/auth/delegated-keys/${key.id}`)).status).toBe(204)
    expect((await h.call('GET', `/auth/delegated-keys/${key.id}`)).body.status).toBe('REVOKED')
    expect((await h.call('DELETE', `/auth/delegated-keys/${key.id}`)).body).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    })
    expect((await h.call('DELETE', `/auth/delegated-keys/DelegatedKey:${crypto.randomUUID()}`)).status).toBe(
      404,
    )
    // Revoked, it no longer blocks a new key for the same card.
    expect((await h.call('POST', '/auth/delegated-keys', body)).status).toBe(202)
  })

  it('answers 404 for an unknown wallet', async () => {
    const h = await startHarness()
    const { cardId } = await signedIn(h)
    const reply = await h.call('POST', '/auth/delegated-keys', {
      cardId,
      internalAccountId: `InternalAccount:${crypto.randomUUID()}`,
      nickname: 'k',
    })
    expect(reply.body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND' })
  })

  it("answers 404 for an unknown card, another customer's card, and a card the wallet does not fund, and creates nothing", async () => {
    const h = await startHarness()
    const ada = await signedIn(h)
    const bob = await signedIn(h)
    const accounts = await h.call(
      'GET',
      `/customers/internal-accounts?customerId=${ada.customerId}&currency=USD`,
    )
    const usd = (accounts.body.data as { id: string; type: string }[]).find(
      (a) => a.type !== 'EMBEDDED_WALLET',
    )
    const byUsd = await h.call('POST', '/cards', {
      cardholderId: ada.customerId,
      form: 'VIRTUAL',
      fundingSources: [usd?.id],
    })
    expect(byUsd.status).toBe(201)
    for (const cardId of [`Card:${crypto.randomUUID()}`, bob.cardId, byUsd.body.id]) {
      const reply = await h.call('POST', '/auth/delegated-keys', {
        cardId,
        internalAccountId: ada.accountId,
        nickname: 'k',
      })
      expect([cardId, reply.body]).toMatchObject([cardId, { status: 404, code: 'REFERENCE_NOT_FOUND' }])
    }
    expect((await h.call('GET', `/auth/delegated-keys?accountId=${ada.accountId}`)).body.data).toEqual([])
  })

  it('answers 404 for a closed card: its funding-source bindings are detached', async () => {
    const h = await startHarness()
    const { accountId, cardId } = await signedIn(h)
    h.sandbox.clock.advance(60_000)
    expect((await h.call('PATCH', `/cards/${cardId}`, { state: 'CLOSED' })).status).toBe(200)
    const reply = await h.call('POST', '/auth/delegated-keys', {
      cardId,
      internalAccountId: accountId,
      nickname: 'k',
    })
    expect(reply.body).toMatchObject({ status: 404, code: 'REFERENCE_NOT_FOUND' })
  })
})
