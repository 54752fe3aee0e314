// Cards: issued to a KYC-approved customer, funded by their own internal accounts in one currency,
// PROCESSING until the sandbox clock has moved past provisioning, read by id and listed by filter.
import { describe, expect, it } from 'vitest'
import { CARD_PROVISIONING_MS } from '../../src/sandbox/cards/cardRoutes.js'
import { createCustomer, type Harness, SANDBOX_START, startHarness } from './harness.js'

/** The customer's USD holding account (every customer gets one beside its USDB wallet). */
async function usdAccountOf(h: Harness, customerId: string): Promise<string> {
  const reply = await h.call('GET', `/customers/internal-accounts?customerId=${customerId}&currency=USD`)
  const usd = (reply.body.data as { id: string; type: string }[]).find((a) => a.type !== 'EMBEDDED_WALLET')
  if (!usd) throw new Error('no USD holding account')
  return usd.id
}

describe('cards in the sandbox', () => {
  it('issues a virtual card funded by the wallet, PROCESSING then ACTIVE on the sandbox clock', async () => {
    const h = await startHarness()
    const ada = await createCustomer(h)
    const created = await h.call('POST', '/cards', {
      cardholderId: ada.customerId,
      platformCardId: 'card-ada-001',
      form: 'VIRTUAL',
      fundingSources: [ada.accountId],
      maxSpendPerTransaction: 5000,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^Card:/),
      cardholderId: ada.customerId,
      platformCardId: 'card-ada-001',
      state: 'PROCESSING',
      stateReason: null,
      form: 'VIRTUAL',
      fundingSources: [ada.accountId],
      maxSpendPerTransaction: 5000,
      currency: 'USDB',
      last4: expect.stringMatching(/^\d{4}$/),
    })
    const id = created.body.id as string
    expect((await h.call('GET', `/cards/${id}`)).body).toEqual(created.body)

    h.sandbox.clock.advance(CARD_PROVISIONING_MS)
    const active = await h.call('GET', `/cards/${id}`)
    expect(active.body).toMatchObject({ state: 'ACTIVE', createdAt: created.body.createdAt })
    expect(Date.parse(active.body.updatedAt as string)).toBe(SANDBOX_START + CARD_PROVISIONING_MS)
  })

  it('generates a platformCardId and leaves the spend limit unset when not given', async () => {
    const h = await startHarness()
    const ada = await createCustomer(h)
    const created = await h.call('POST', '/cards', {
      cardholderId: ada.customerId,
      form: 'VIRTUAL',
      fundingSources: [ada.accountId],
    })
    expect(created.body.platformCardId).toEqual(expect.any(String))
    expect(created.body.maxSpendPerTransaction).toBeNull()
  })

  it("refuses another customer's account, an unknown or platform account, mixed currencies (FUNDING_SOURCE_INELIGIBLE)", async () => {
    const h = await startHarness()
    const ada = await createCustomer(h)
    const bob = await createCustomer(h)
    const platform = await h.call('GET', '/platform/internal-accounts?currency=USD')
    const platformUsd = (platform.body.data as { id: string }[])[0]?.id as string
    const usd = await usdAccountOf(h, ada.customerId)
    for (const fundingSources of [
      [bob.accountId],
      [ada.accountId, bob.accountId],
      [`InternalAccount:${crypto.randomUUID()}`],
      [platformUsd],
      [ada.accountId, usd],
    ]) {
      const reply = await h.call('POST', '/cards', {
        cardholderId: ada.customerId,
        form: 'VIRTUAL',
        fundingSources,
      })
      expect([fundingSources, reply.body.code]).toEqual([fundingSources, 'FUNDING_SOURCE_INELIGIBLE'])
    }
    // The USD account alone is fine: a USD card.
    const byUsd = await h.call('POST', '/cards', {
      cardholderId: ada.customerId,
      form: 'VIRTUAL',
      fundingSources: [usd],
    })
    expect(byUsd.body).toMatchObject({ currency: 'USD', fundingSources: [usd] })
    expect((await h.call('GET', `/cards?cardholderId=${ada.customerId}`)).body.data).toHaveLength(1)
  })

  it('refuses an unknown cardholder, a cardholder without KYC approval, and bodies the contract does not allow', async () => {
    const h = await startHarness()
    const ada = await createCustomer(h)
    // The sandbox's KYC outcomes: a full name ending 001 stays pending review.
    const pending = await createCustomer(h, { fullName: 'Pending Person 001' })
    const post = (body: Record<string, unknown>) => h.call('POST', '/cards', body)
    const valid = { cardholderId: ada.customerId, form: 'VIRTUAL', fundingSources: [ada.accountId] }
    expect((await post({ ...valid, cardholderId: `Customer:${crypto.randomUUID()}` })).body).toMatchObject({
      status: 400,
      code: 'INVALID_INPUT',
    })
    expect(
      (await post({ cardholderId: pending.customerId, form: 'VIRTUAL', fundingSources: [pending.accountId] }))
        .body,
    ).toMatchObject({ status: 400, code: 'CARDHOLDER_KYC_NOT_APPROVED' })
    for (const body of [
      { ...valid, form: 'PHYSICAL' },
      { ...valid, fundingSources: [] },
      { ...valid, fundingSources: [ada.accountId, ada.accountId] },
      { ...valid, maxSpendPerTransaction: 0 },
      { ...valid, maxSpendPerTransaction: 1.5 },
      { cardholderId: ada.customerId, form: 'VIRTUAL' },
      // A static 3-D Secure password is for EU card programs only; Ada lives in the US.
      { ...valid, threeDSecurePassword: 'AbCd1234EfGh5678' },
    ]) {
      expect((await post(body)).body).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    }
    expect((await h.call('GET', `/cards?cardholderId=${ada.customerId}`)).body.data).toEqual([])
  })

  it('takes a 3-D Secure password for a cardholder in the EU, and never shows it', async () => {
    const h = await startHarness()
    // With a phone: an EU customer's KYC begins once its phone is verified (from creation).
    const eu = await createCustomer(h, {
      address: { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' },
      phoneNumber: '+33612345678',
    })
    const created = await h.call('POST', '/cards', {
      cardholderId: eu.customerId,
      form: 'VIRTUAL',
      fundingSources: [eu.accountId],
      threeDSecurePassword: 'AbCd1234EfGh5678',
    })
    expect(created.status).toBe(201)
    expect(JSON.stringify(created.body)).not.toContain('AbCd1234EfGh5678')
  })

  it('answers 404 REFERENCE_NOT_FOUND for an unknown card', async () => {
    const h = await startHarness()
    expect((await h.call('GET', `/cards/Card:${crypto.randomUUID()}`)).body).toMatchObject({
      status: 404,
      code: 'REFERENCE_NOT_FOUND',
    })
  })

  it('freezes, unfreezes and closes an ACTIVE card; a PROCESSING card keeps its state; CLOSED is final', async () => {
    const h = await startHarness()
    const ada = await createCustomer(h)
    const created = await h.call('POST', '/cards', {
      cardholderId: ada.customerId,
      form: 'VIRTUAL',
      fundingSources: [ada.accountId],
    })
    const path = `/cards/${created.body.id}`
    const patch = (body: unknown) => h.call('PATCH', path, body)
    expect((await patch({ state: 'FROZEN' })).body).toMatchObject({
      status: 409,
      code: 'INVALID_STATE_TRANSITION',
    })
    // Funding sources and the limit can change while the card is provisioned.
    expect((await patch({ maxSpendPerTransaction: 700 })).body).toMatchObject({
      state: 'PROCESSING',
      maxSpendPerTransaction: 700,
    })
    h.sandbox.clock.advance(CARD_PROVISIONING_MS)
    h.sandbox.clock.advance(60_000)
    const frozen = await patch({ state: 'FROZEN', maxSpendPerTransaction: null })
    expect(frozen.body).toMatchObject({ state: 'FROZEN', stateReason: null, maxSpendPerTransaction: null })
    expect(Date.parse(frozen.body.updatedAt as string)).toBe(h.sandbox.clock.now())
    expect((await patch({ state: 'FROZEN' })).body.code).toBe('INVALID_STATE_TRANSITION')
    expect((await patch({ state: 'ACTIVE' })).body.state).toBe('ACTIVE')
    for (const body of [{}, { state: 'CLOSED', maxSpendPerTransaction: 5 }, { state: 'PROCESSING' }]) {
      expect((await patch(body)).body).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    }
    expect((await patch({ state: 'CLOSED' })).body).toMatchObject({
      state: 'CLOSED',
      stateReason: 'CLOSED_BY_PLATFORM',
    })
    expect((await patch({ state: 'CLOSED' })).body.code).toBe('CARD_ALREADY_CLOSED')
    expect((await patch({ state: 'ACTIVE' })).body.code).toBe('CARD_NOT_MUTABLE')
    expect((await patch({ maxSpendPerTransaction: 5 })).body.code).toBe('CARD_NOT_MUTABLE')
    expect((await h.call('GET', path)).body).toMatchObject({ state: 'CLOSED', maxSpendPerTransaction: null })
    expect((await h.call('PATCH', `/cards/Card:${crypto.randomUUID()}`, { state: 'FROZEN' })).status).toBe(
      404,
    )
  })

  it("replaces the funding sources only with the cardholder's accounts in the card's currency", async () => {
    const h = await startHarness()
    const ada = await createCustomer(h)
    const bob = await createCustomer(h)
    const usd = await usdAccountOf(h, ada.customerId)
    const created = await h.call('POST', '/cards', {
      cardholderId: ada.customerId,
      form: 'VIRTUAL',
      fundingSources: [usd],
    })
    const path = `/cards/${created.body.id}`
    for (const fundingSources of [[ada.accountId], [bob.accountId], [usd, usd]]) {
      const reply = await h.call('PATCH', path, { fundingSources })
      expect([fundingSources, reply.status]).toEqual([fundingSources, 400])
    }
    const bobsUsd = await usdAccountOf(h, bob.customerId)
    expect((await h.call('PATCH', path, { fundingSources: [bobsUsd] })).body.code).toBe(
      'FUNDING_SOURCE_INELIGIBLE',
    )
    expect((await h.call('GET', path)).body.fundingSources).toEqual([usd])
  })

  it('lists by cardholder, funding account, platformCardId and state, newest first, in pages', async () => {
    const h = await startHarness()
    const ada = await createCustomer(h)
    const bob = await createCustomer(h)
    const usd = await usdAccountOf(h, ada.customerId)
    const issue = async (cardholderId: string, fundingSources: string[], platformCardId: string) => {
      const reply = await h.call('POST', '/cards', {
        cardholderId,
        form: 'VIRTUAL',
        fundingSources,
        platformCardId,
      })
      h.sandbox.clock.advance(1000)
      return reply.body.id as string
    }
    const first = await issue(ada.customerId, [ada.accountId], 'a-1')
    const second = await issue(ada.customerId, [usd], 'a-2')
    const third = await issue(ada.customerId, [ada.accountId], 'a-3')
    const bobs = await issue(bob.customerId, [bob.accountId], 'b-1')
    const ids = async (query: string) =>
      ((await h.call('GET', `/cards?${query}`)).body.data as { id: string }[]).map((card) => card.id)

    expect(await ids(`cardholderId=${ada.customerId}`)).toEqual([third, second, first])
    expect(await ids(`cardholderId=${ada.customerId}&sortOrder=asc`)).toEqual([first, second, third])
    expect(await ids(`accountId=${ada.accountId}`)).toEqual([third, first])
    expect(await ids('platformCardId=b-1')).toEqual([bobs])
    expect(await ids('')).toEqual([bobs, third, second, first])
    // Provisioning takes 2 s and each issue moved the clock 1 s: only Bob's card is still PROCESSING.
    expect(await ids('state=ACTIVE')).toEqual([third, second, first])
    expect(await ids('state=PROCESSING')).toEqual([bobs])

    const page = await h.call('GET', `/cards?cardholderId=${ada.customerId}&limit=2`)
    expect(page.body).toMatchObject({ hasMore: true, totalCount: 3 })
    const rest = await h.call(
      'GET',
      `/cards?cardholderId=${ada.customerId}&limit=2&cursor=${page.body.nextCursor}`,
    )
    expect((rest.body.data as { id: string }[]).map((card) => card.id)).toEqual([first])
    expect(rest.body.hasMore).toBe(false)

    for (const query of ['state=OPEN', 'sortOrder=up', 'limit=0', 'limit=101', 'cursor=x']) {
      expect([query, (await h.call('GET', `/cards?${query}`)).body.code]).toEqual([query, 'INVALID_INPUT'])
    }
  })
})
