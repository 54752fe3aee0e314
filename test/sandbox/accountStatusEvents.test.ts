// The account status events and the sandbox flows that cause them: an external account under the
// sandbox's screening review (identifier suffix 108 or 109) changes status on the sandbox clock
// (EXTERNAL_ACCOUNT.STATUS_UPDATED), and a customer's internal accounts, PENDING until its review
// approves it, turn ACTIVE when it does (INTERNAL_ACCOUNT.STATUS_UPDATED). Each event carries the
// whole account as the API shows it, checked against the contract.

import { afterEach, describe, expect, it, vi } from 'vitest'
import { EXTERNAL_ACCOUNT_REVIEW_MS } from '../../src/sandbox/money/externalAccountReview.js'
import { webhookProblems } from '../contract/webhookSchemas.js'
import { createCustomer, createExternalAccount, type Harness, startHarness } from './harness.js'
import { type SlowEndpoint, startSlowEndpoint } from './slowEndpoint.js'

const POLL = { timeout: 20_000, interval: 20 }
const open: Array<{ h: Harness; endpoint: SlowEndpoint }> = []

afterEach(async () => {
  for (const { h, endpoint } of open.splice(0)) {
    await h.sandbox.close()
    await endpoint.close()
    expect(endpoint.arrivals.flatMap((arrival) => webhookProblems(JSON.parse(arrival.body)))).toEqual([])
  }
})

async function start() {
  const endpoint = await startSlowEndpoint((arrival) => arrival.answer(200))
  const h = await startHarness({ webhookEndpoint: endpoint.url, log: () => {} })
  open.push({ h, endpoint })
  const events = (type: string) =>
    endpoint.arrivals
      .filter((arrival) => arrival.type === type)
      .map((arrival) => JSON.parse(arrival.body).data as Record<string, unknown>)
  return { h, endpoint, events }
}

describe('EXTERNAL_ACCOUNT.STATUS_UPDATED', { timeout: 60_000 }, () => {
  it.each([
    ['000123456108', 'ACTIVE'],
    ['000123456109', 'INACTIVE'],
  ])(
    'an account ending %s is UNDER_REVIEW, then %s on the sandbox clock, announced once',
    async (number, outcome) => {
      const { h, events } = await start()
      const { customerId } = await createCustomer(h)
      const id = await createExternalAccount(h, customerId, number)
      const read = () => h.call('GET', `/customers/external-accounts/${id}`)
      expect((await read()).body.status).toBe('UNDER_REVIEW')
      h.sandbox.clock.advance(EXTERNAL_ACCOUNT_REVIEW_MS - 1)
      expect((await read()).body.status).toBe('UNDER_REVIEW')
      h.sandbox.clock.advance(1)
      const after = await read()
      expect(after.body.status).toBe(outcome)
      await vi.waitFor(() => expect(events('EXTERNAL_ACCOUNT.STATUS_UPDATED')).toHaveLength(1), POLL)
      expect(events('EXTERNAL_ACCOUNT.STATUS_UPDATED')[0]).toEqual(after.body)
      // Listed, it shows the same; moving on changes nothing more.
      const listed = await h.call('GET', `/customers/external-accounts?customerId=${customerId}`)
      expect(listed.body.data).toEqual([after.body])
      h.sandbox.clock.advance(60_000)
      await createExternalAccount(h, customerId, '000123456108')
      h.sandbox.clock.advance(EXTERNAL_ACCOUNT_REVIEW_MS)
      await vi.waitFor(() => expect(events('EXTERNAL_ACCOUNT.STATUS_UPDATED')).toHaveLength(2), POLL)
      expect(events('EXTERNAL_ACCOUNT.STATUS_UPDATED').filter((account) => account.id === id)).toHaveLength(1)
    },
  )

  it('leaves any other account ACTIVE from its creation, with no status event', async () => {
    const { h, events } = await start()
    const { customerId } = await createCustomer(h)
    const id = await createExternalAccount(h, customerId, '000123456789')
    expect((await h.call('GET', `/customers/external-accounts/${id}`)).body.status).toBe('ACTIVE')
    h.sandbox.clock.advance(EXTERNAL_ACCOUNT_REVIEW_MS)
    // The review of an account made after it is announced; none ever was for this one.
    const reviewed = await createExternalAccount(h, customerId, '000123456108')
    h.sandbox.clock.advance(EXTERNAL_ACCOUNT_REVIEW_MS)
    await vi.waitFor(() => expect(events('EXTERNAL_ACCOUNT.STATUS_UPDATED')).toHaveLength(1), POLL)
    expect(events('EXTERNAL_ACCOUNT.STATUS_UPDATED')[0]?.id).toBe(reviewed)
  })
})

describe('INTERNAL_ACCOUNT.STATUS_UPDATED', { timeout: 60_000 }, () => {
  const business = (registrationNumber: string) => ({
    customerType: 'BUSINESS',
    fullName: undefined,
    businessInfo: {
      legalName: 'Analytical Engines Ltd',
      registrationNumber,
      country: 'GB',
      incorporatedOn: '1834-06-01',
      taxId: 'GB-123',
    },
  })
  const accountsOf = async (h: Harness, customerId: string) =>
    (await h.call('GET', `/customers/internal-accounts?customerId=${customerId}`)).body.data as Array<
      Record<string, unknown>
    >

  it("opens a business's accounts PENDING and turns them ACTIVE when its KYB is approved, each announced", async () => {
    const { h, events } = await start()
    const { customerId } = await createCustomer(h, business('REG-0009'))
    const before = await accountsOf(h, customerId)
    expect(before.map((account) => account.status)).toEqual(['PENDING', 'PENDING'])
    expect((await h.call('POST', '/verifications', { customerId })).body).toMatchObject({
      verificationStatus: 'IN_PROGRESS',
    })
    const after = await accountsOf(h, customerId)
    expect(after.map((account) => account.status)).toEqual(['ACTIVE', 'ACTIVE'])
    await vi.waitFor(() => expect(events('INTERNAL_ACCOUNT.STATUS_UPDATED')).toHaveLength(2), POLL)
    const announced = events('INTERNAL_ACCOUNT.STATUS_UPDATED')
    expect(announced.map((account) => account.id).sort()).toEqual(after.map((account) => account.id).sort())
    for (const account of announced) expect(account).toEqual(after.find((each) => each.id === account.id))
    // A second verification changes nothing, and announces nothing.
    await h.call('POST', '/verifications', { customerId })
    await h.testing.fund(String(after[0]?.id), 1_000)
    await vi.waitFor(() => expect(events('INTERNAL_ACCOUNT.BALANCE_UPDATED')).toHaveLength(1), POLL)
    expect(events('INTERNAL_ACCOUNT.STATUS_UPDATED')).toHaveLength(2)
  })

  it('keeps them PENDING while the review is not approved, and opens an approved customer’s ACTIVE', async () => {
    const { h, events } = await start()
    const pending = await createCustomer(h, business('REG-0001'))
    await h.call('POST', '/verifications', { customerId: pending.customerId })
    expect((await accountsOf(h, pending.customerId)).map((account) => account.status)).toEqual([
      'PENDING',
      'PENDING',
    ])
    const ada = await createCustomer(h, { fullName: 'Ada Lovelace' })
    expect((await accountsOf(h, ada.customerId)).map((account) => account.status)).toEqual([
      'ACTIVE',
      'ACTIVE',
    ])
    await h.testing.fund(ada.accountId, 1_000)
    await vi.waitFor(() => expect(events('INTERNAL_ACCOUNT.BALANCE_UPDATED')).toHaveLength(1), POLL)
    expect(events('INTERNAL_ACCOUNT.STATUS_UPDATED')).toEqual([])
  })
})
