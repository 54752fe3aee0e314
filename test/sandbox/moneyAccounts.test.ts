// Onboarding and account money against the in-process sandbox: KYC/KYB and beneficial-owner
// suffixes, external accounts with beneficiary verification, transfers in and out moved through
// with the sandbox clock, and the sandbox-only fund and UMA-receive endpoints.
import { describe, expect, it } from 'vitest'
import { balance, createCustomer, createExternalAccount, fund, quoteToUma, startHarness } from './harness.js'

const T0 = Date.parse('2026-03-02T10:00:00.000Z')

/** A sandbox whose clock stands still at T0 unless a test moves it. */
const setup = () => startHarness({ now: () => T0 })

describe('POST /verifications', () => {
  it.each([
    ['Ada Lovelace001', { verificationStatus: 'IN_PROGRESS', kycStatus: 'PENDING' }],
    ['Ada Lovelace002', { verificationStatus: 'REJECTED', kycStatus: 'REJECTED' }],
    ['Ada Lovelace', { verificationStatus: 'IN_PROGRESS', kycStatus: 'APPROVED' }],
  ])('individual KYC of %s', async (fullName, outcome) => {
    const h = await setup()
    const { customerId } = await createCustomer(h, { fullName })
    const reply = await h.call('POST', '/verifications', { customerId })
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({ customerId, ...outcome, errors: [] })
    expect(reply.body.id).toMatch(/^Verification:/)
    const again = await h.call('GET', `/verifications/${reply.body.id}`)
    expect(again.body).toEqual(reply.body)
  })

  it('asks suffix 003 for the edd.* fields until a PATCH supplies them', async () => {
    const h = await setup()
    const { customerId } = await createCustomer(h, {
      fullName: 'Ada Lovelace003',
      purposeOfAccount: 'P2P_TRANSFERS',
    })
    const first = await h.call('POST', '/verifications', { customerId })
    expect(first.body).toMatchObject({ verificationStatus: 'RESOLVE_ERRORS', kycStatus: 'PENDING' })
    const fields = (first.body.errors as Array<{ type: string; field: string }>).map((error) => [
      error.type,
      error.field,
    ])
    expect(fields).toEqual([
      ['MISSING_FIELD', 'edd.sourceOfWealthCategories'],
      ['MISSING_FIELD', 'edd.annualIncomeRange'],
    ])

    const patched = await h.call('PATCH', `/customers/${customerId}`, {
      customerType: 'INDIVIDUAL',
      sourceOfWealthCategories: ['SALARY'],
      annualIncomeRange: 'RANGE_100K_250K',
    })
    expect(patched.status).toBe(200)
    const retry = await h.call('POST', '/verifications', { customerId })
    expect(retry.body).toMatchObject({ verificationStatus: 'IN_PROGRESS', kycStatus: 'APPROVED', errors: [] })
  })

  it.each([
    ['REG-0001', 'PENDING'],
    ['REG-0002', 'REJECTED'],
    ['REG-0009', 'APPROVED'],
  ])('business KYB of registration number %s', async (registrationNumber, kybStatus) => {
    const h = await setup()
    const { customerId } = await createCustomer(h, {
      customerType: 'BUSINESS',
      fullName: 'Analytical Engines Ltd',
      businessInfo: { legalName: 'Analytical Engines Ltd', registrationNumber },
    })
    const reply = await h.call('POST', '/verifications', { customerId })
    expect(reply.body).toMatchObject({ kybStatus })
    expect(reply.body.kycStatus).toBeUndefined()
  })

  it('answers unknown customers and bad bodies with 404 USER_NOT_FOUND and 400 INVALID_INPUT', async () => {
    const h = await setup()
    const missing = await h.call('POST', '/verifications', {
      customerId: 'Customer:00000000-0000-4000-8000-000000000000',
    })
    expect([missing.status, missing.body.code]).toEqual([404, 'USER_NOT_FOUND'])
    for (const body of ['{', { customerId: 7 }, {}]) {
      const reply = await h.call('POST', '/verifications', body)
      expect([reply.status, reply.body.code]).toEqual([400, 'INVALID_INPUT'])
    }
    const unknown = await h.call('GET', '/verifications/Verification:nope')
    expect([unknown.status, unknown.body.code]).toEqual([404, 'VERIFICATION_NOT_FOUND'])
  })
})

describe('beneficial owners', () => {
  it('KYC-checks each owner by the last 3 characters of personalInfo.lastName', async () => {
    const h = await setup()
    const business = await createCustomer(h, {
      customerType: 'BUSINESS',
      businessInfo: { registrationNumber: 'R-123' },
    })
    const statuses: string[] = []
    for (const lastName of ['Babbage001', 'Babbage002', 'Babbage']) {
      const reply = await h.call('POST', `/customers/${business.customerId}/beneficial-owners`, {
        personalInfo: { firstName: 'Charles', lastName },
        ownershipPercentage: 30,
      })
      expect(reply.status).toBe(201)
      expect(reply.body).toMatchObject({
        customerId: business.customerId,
        personalInfo: { lastName },
        ownershipPercentage: 30,
      })
      statuses.push(reply.body.kycStatus as string)
    }
    expect(statuses).toEqual(['PENDING', 'REJECTED', 'APPROVED'])
    const list = await h.call('GET', `/customers/${business.customerId}/beneficial-owners`)
    expect(list.body.data).toHaveLength(3)

    const person = await createCustomer(h)
    const refused = await h.call('POST', `/customers/${person.customerId}/beneficial-owners`, {
      personalInfo: { lastName: 'X' },
    })
    expect([refused.status, refused.body.code]).toEqual([400, 'INVALID_INPUT'])
    const nobody = await h.call('POST', '/customers/Customer:nope/beneficial-owners', {
      personalInfo: { lastName: 'X' },
    })
    expect([nobody.status, nobody.body.code]).toEqual([404, 'USER_NOT_FOUND'])
  })
})

describe('external accounts', () => {
  it.each([
    ['000123456102', 'NOT_MATCHED'],
    ['000123456103', 'PARTIAL_MATCH'],
    ['000123456104', 'PENDING'],
    ['000123456106', 'UNSUPPORTED'],
    ['000123456107', 'CHECKED_BY_RECEIVING_FI'],
    ['000123456789', 'MATCHED'],
  ])('verifies the beneficiary of %s as %s', async (accountNumber, status) => {
    const h = await setup()
    const { customerId } = await createCustomer(h)
    const created = await h.call('POST', '/external-accounts', {
      customerId,
      currency: 'USD',
      accountInfo: { accountType: 'USD_ACCOUNT', accountNumber, routingNumber: '021000021' },
      beneficiary: { fullName: 'Grace Hopper' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      customerId,
      currency: 'USD',
      beneficiaryVerificationStatus: status,
    })
    expect(created.body.id).toMatch(/^ExternalAccount:/)
    const read = await h.call('GET', `/external-accounts/${created.body.id}`)
    expect(read.body).toEqual(created.body)
  })

  it('refuses suffix 105 as an invalid account, also in the username of an address with a domain', async () => {
    const h = await setup()
    for (const accountInfo of [
      { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013105' },
      { accountType: 'LIGHTNING', address: 'grace105@wallet.example' },
    ]) {
      const reply = await h.call('POST', '/external-accounts', { currency: 'EUR', accountInfo })
      expect([reply.status, reply.body.code]).toEqual([400, 'INVALID_ACCOUNT'])
    }
    const domainPart = await h.call('POST', '/external-accounts', {
      currency: 'USD',
      accountInfo: { accountType: 'LIGHTNING', address: 'grace@wallet105.example' },
    })
    expect(domainPart.body.beneficiaryVerificationStatus).toBe('MATCHED')
  })

  it('answers bad input and unknown ids with the Error object', async () => {
    const h = await setup()
    const cases: Array<[unknown, number, string]> = [
      [{ currency: 'USD', accountInfo: {} }, 400, 'INVALID_INPUT'],
      [{ currency: 'USD' }, 400, 'INVALID_INPUT'],
      [{ currency: 'ZZZ', accountInfo: { accountNumber: '1' } }, 400, 'UNSUPPORTED_CURRENCY'],
      [
        { customerId: 'Customer:nope', currency: 'USD', accountInfo: { accountNumber: '1' } },
        404,
        'USER_NOT_FOUND',
      ],
    ]
    for (const [body, status, code] of cases) {
      const reply = await h.call('POST', '/external-accounts', body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code])
    }
    const unknown = await h.call('GET', '/external-accounts/ExternalAccount:nope')
    expect([unknown.status, unknown.body.code]).toEqual([404, 'EXTERNAL_ACCOUNT_NOT_FOUND'])
  })
})

describe('transfers in and out (last 3 digits of the external account number)', () => {
  // [suffix, [ms after the request, status]..., money moved in the end?]
  const table: Array<[string, Array<[number, string]>, boolean, string?]> = [
    ['789', [[0, 'COMPLETED']], true],
    ['002', [[0, 'FAILED']], false, 'INSUFFICIENT_FUNDS'],
    ['003', [[0, 'FAILED']], false, 'ACCOUNT_CLOSED_OR_INVALID'],
    [
      '004',
      [
        [0, 'PENDING'],
        [3_000, 'FAILED'],
      ],
      false,
      'BANK_REJECTED',
    ],
    [
      '005',
      [
        [0, 'PENDING'],
        [29_999, 'PENDING'],
        [30_000, 'FAILED'],
      ],
      false,
      'TRANSFER_FAILED',
    ],
  ]

  it.each(table)('transfer-in from suffix %s', async (suffix, timeline, moved, failureReason) => {
    const h = await setup()
    const { customerId, accountId } = await createCustomer(h)
    const bank = await createExternalAccount(h, customerId, `000123456${suffix}`)
    const start = h.sandbox.clock.now()
    const created = await h.call('POST', '/transfer-in', {
      source: { accountId: bank },
      destination: { accountId },
      amount: 12_550,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      type: 'TRANSFER_IN',
      customerId,
      sentAmount: { amount: 12_550 },
    })
    for (const [after, status] of timeline) {
      h.sandbox.clock.set(start + after)
      const read = await h.call('GET', `/transactions/${created.body.id}`)
      expect(read.body.status, `${after} ms`).toBe(status)
      if (status !== 'COMPLETED') expect(await balance(h, accountId)).toBe(0)
    }
    const final = await h.call('GET', `/transactions/${created.body.id}`)
    expect(final.body.failureReason).toBe(failureReason)
    expect(await balance(h, accountId)).toBe(moved ? 12_550 : 0)
  })

  it.each(table)('transfer-out to suffix %s', async (suffix, timeline, moved, failureReason) => {
    const h = await setup()
    const { customerId, accountId } = await createCustomer(h)
    const bank = await createExternalAccount(h, customerId, `000123456${suffix}`)
    await fund(h, accountId, 20_000)
    const start = h.sandbox.clock.now()
    const created = await h.call('POST', '/transfer-out', {
      source: { accountId },
      destination: { accountId: bank },
      amount: 12_550,
    })
    expect(created.status).toBe(201)
    expect(created.body.type).toBe('TRANSFER_OUT')
    for (const [after, status] of timeline) {
      h.sandbox.clock.set(start + after)
      const read = await h.call('GET', `/transactions/${created.body.id}`)
      expect(read.body.status, `${after} ms`).toBe(status)
      // Pending transfers hold the money; failed ones give it back.
      if (status === 'PENDING') expect(await balance(h, accountId)).toBe(20_000 - 12_550)
    }
    const final = await h.call('GET', `/transactions/${created.body.id}`)
    expect(final.body.failureReason).toBe(failureReason)
    expect(await balance(h, accountId)).toBe(moved ? 20_000 - 12_550 : 20_000)
  })

  it('refuses transfers without the funds, across currencies, or between unknown accounts', async () => {
    const h = await setup()
    const { customerId, accountId } = await createCustomer(h)
    const usd = await createExternalAccount(h, customerId, '000123456789')
    const eur = await createExternalAccount(h, customerId, '000123456788', 'EUR')
    const cases: Array<[string, unknown, number, string]> = [
      [
        '/transfer-out',
        { source: { accountId }, destination: { accountId: usd }, amount: 1 },
        400,
        'INSUFFICIENT_FUNDS',
      ],
      [
        '/transfer-in',
        { source: { accountId: eur }, destination: { accountId }, amount: 1 },
        400,
        'CURRENCY_MISMATCH',
      ],
      [
        '/transfer-in',
        { source: { accountId: usd }, destination: { accountId }, amount: -5 },
        400,
        'INVALID_INPUT',
      ],
      ['/transfer-in', { source: { accountId: usd }, destination: { accountId } }, 400, 'INVALID_INPUT'],
      [
        '/transfer-in',
        { source: { accountId: 'ExternalAccount:nope' }, destination: { accountId }, amount: 1 },
        404,
        'EXTERNAL_ACCOUNT_NOT_FOUND',
      ],
      [
        '/transfer-out',
        { source: { accountId: 'InternalAccount:nope' }, destination: { accountId: usd }, amount: 1 },
        404,
        'INTERNAL_ACCOUNT_NOT_FOUND',
      ],
      ['/transfer-out', 'not json', 400, 'INVALID_INPUT'],
    ]
    for (const [path, body, status, code] of cases) {
      const reply = await h.call('POST', path, body)
      expect([reply.status, reply.body.code], `${path} ${JSON.stringify(body)}`).toEqual([status, code])
    }
  })
})

describe('sandbox-only endpoints', () => {
  it('funds an internal account instantly', async () => {
    const h = await setup()
    const { accountId } = await createCustomer(h)
    const funded = await h.call('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 100_000 })
    expect(funded.status).toBe(200)
    expect(funded.body).toMatchObject({ id: accountId, balance: 100_000 })
    for (const [path, body, status, code] of [
      [`/sandbox/internal-accounts/${accountId}/fund`, { amount: 0 }, 400, 'INVALID_INPUT'],
      [`/sandbox/internal-accounts/${accountId}/fund`, { amount: 1.5 }, 400, 'INVALID_INPUT'],
      [
        '/sandbox/internal-accounts/InternalAccount:nope/fund',
        { amount: 1 },
        404,
        'INTERNAL_ACCOUNT_NOT_FOUND',
      ],
      ['/sandbox/send', { quoteId: 'Quote:nope', currencyCode: 'USD' }, 404, 'QUOTE_NOT_FOUND'],
      ['/sandbox/send', { quoteId: 'Quote:nope' }, 400, 'INVALID_INPUT'],
    ] as const) {
      const reply = await h.call('POST', path, body)
      expect([reply.status, reply.body.code], path).toEqual([status, code])
    }
  })

  it('refuses /sandbox/send for a quote funded from an account', async () => {
    const h = await setup()
    const { accountId } = await createCustomer(h)
    const quote = await quoteToUma(h, accountId, '$success.usd@sandbox.uma.example', {
      lockedCurrencyAmount: 1_000,
    })
    const reply = await h.call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USD' })
    expect([reply.status, reply.body.code]).toEqual([400, 'INVALID_INPUT'])
  })

  it('credits an incoming UMA payment to the customer with that UMA address', async () => {
    const h = await setup()
    const { customerId, accountId } = await createCustomer(h, { umaAddress: '$ada@sandbox.uma.example' })
    const received = await h.call('POST', '/sandbox/uma/receive', {
      senderUmaAddress: '$success.usd@sandbox.uma.example',
      receiverUmaAddress: '$ada@sandbox.uma.example',
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 2_500,
    })
    expect(received.status).toBe(201)
    expect(received.body).toMatchObject({
      type: 'INCOMING',
      status: 'COMPLETED',
      customerId,
      receivedAmount: { amount: 2_500, currency: { code: 'USD' } },
    })
    expect(await balance(h, accountId)).toBe(2_500)

    const base = {
      senderUmaAddress: '$bob@other.example',
      receiverUmaAddress: '$ada@sandbox.uma.example',
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 100,
    }
    for (const [body, status, code] of [
      [{ ...base, receiverUmaAddress: '$nobody@sandbox.uma.example' }, 404, 'UMA_NOT_FOUND'],
      [{ ...base, receivingCurrencyCode: 'EUR' }, 400, 'CURRENCY_MISMATCH'],
      [{ ...base, receiverUmaAddress: 'ada' }, 400, 'INVALID_INPUT'],
      [{ ...base, receivingCurrencyAmount: '100' }, 400, 'INVALID_INPUT'],
    ] as const) {
      const reply = await h.call('POST', '/sandbox/uma/receive', body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code])
    }
  })
})
