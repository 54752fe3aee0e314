// Accounts and account money against the in-process sandbox, on the service's routes: internal
// accounts (the lists, the platform's own, the signed privacy change, no GET by id), KYC/KYB and
// beneficial-owner suffixes, external accounts with beneficiary verification, transfers in and
// out moved through with the sandbox clock, and the sandbox-only fund, send and UMA-receive.
import { describe, expect, it } from 'vitest'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import {
  balance,
  createCustomer,
  createExternalAccount,
  fund,
  type Harness,
  json,
  otpSignIn,
  quoteToUma,
  startHarness,
} from './harness.js'

const T0 = Date.parse('2026-03-02T10:00:00.000Z')

/** A sandbox whose clock stands still at T0 unless a test moves it. */
const setup = () => startHarness({ now: () => T0 })

/** The business information a business customer is created with. */
const business = (registrationNumber: string) => ({
  legalName: 'Analytical Engines Ltd',
  registrationNumber,
  country: 'GB',
  incorporatedOn: '1834-06-01',
  taxId: 'GB-123',
})

interface AccountView {
  id: string
  customerId?: string
  type: string
  balance: { amount: number; currency: { code: string; decimals: number } }
  fundingPaymentInstructions: Array<{ accountOrWalletInfo: Record<string, unknown> }>
  privateEnabled?: boolean
}

async function accountsOf(h: Harness, query: string): Promise<AccountView[]> {
  const reply = await h.call('GET', `/customers/internal-accounts?${query}`)
  expect(reply.status).toBe(200)
  return reply.body.data as AccountView[]
}

async function platformAccount(h: Harness, currency: string): Promise<AccountView> {
  const reply = await h.call('GET', `/platform/internal-accounts?currency=${currency}`)
  const [account] = reply.body.data as AccountView[]
  if (!account) throw new Error(`no platform ${currency} account`)
  return account
}

describe('internal accounts', () => {
  it("lists a customer's USDB wallet and USD account with balances and funding instructions", async () => {
    const h = await setup()
    const { customerId, accountId } = await createCustomer(h)
    const accounts = await accountsOf(h, `customerId=${customerId}`)
    expect(accounts.map((account) => [account.type, account.balance.currency.code])).toEqual([
      ['EMBEDDED_WALLET', 'USDB'],
      ['INTERNAL_FIAT', 'USD'],
    ])
    const [wallet, usd] = accounts
    expect(wallet).toMatchObject({
      id: accountId,
      customerId,
      status: 'ACTIVE',
      balance: { amount: 0, currency: { code: 'USDB', decimals: 6 } },
      totalBalance: { amount: 0 },
      privateEnabled: false,
    })
    expect(wallet?.fundingPaymentInstructions[0]?.accountOrWalletInfo).toMatchObject({
      accountType: 'SPARK_WALLET',
      assetType: 'USDB',
    })
    expect(usd?.privateEnabled).toBeUndefined()
    expect(usd?.fundingPaymentInstructions[0]?.accountOrWalletInfo).toMatchObject({
      accountType: 'USD_ACCOUNT',
      routingNumber: expect.stringMatching(/^\d{9}$/),
      reference: expect.any(String),
    })

    expect((await accountsOf(h, `customerId=${customerId}&type=EMBEDDED_WALLET`)).map((a) => a.id)).toEqual([
      accountId,
    ])
    expect((await accountsOf(h, `customerId=${customerId}&currency=usd`)).map((a) => a.type)).toEqual([
      'INTERNAL_FIAT',
    ])
    expect(await accountsOf(h, 'customerId=Customer:nobody')).toEqual([])
    for (const query of ['type=SAVINGS', 'limit=0', 'limit=101', 'cursor=x']) {
      const reply = await h.call('GET', `/customers/internal-accounts?${query}`)
      expect([reply.status, reply.body.code], query).toEqual([400, 'INVALID_INPUT'])
    }
  })

  it('pages through every account with limit and cursor', async () => {
    const h = await setup()
    for (let i = 0; i < 3; i++) await createCustomer(h)
    const first = await h.call('GET', '/customers/internal-accounts?limit=4')
    expect(first.body).toMatchObject({ hasMore: true, totalCount: 6 })
    expect(first.body.data).toHaveLength(4)
    const rest = await h.call('GET', `/customers/internal-accounts?limit=4&cursor=${first.body.nextCursor}`)
    expect(rest.body).toMatchObject({ hasMore: false, totalCount: 6 })
    expect(rest.body.nextCursor).toBeUndefined()
    const ids = [...(first.body.data as AccountView[]), ...(rest.body.data as AccountView[])].map((a) => a.id)
    expect(new Set(ids).size).toBe(6)
  })

  it("lists the platform's own accounts, which the fund endpoint and quotes take", async () => {
    const h = await setup()
    const all = (await h.call('GET', '/platform/internal-accounts')).body.data as AccountView[]
    expect(all.map((account) => account.balance.currency.code)).toEqual(['USD', 'EUR', 'MXN', 'USDC', 'USDB'])
    for (const account of all) {
      expect(account.customerId).toBeUndefined()
      expect(account.type).toBe(
        account.balance.currency.code.startsWith('USD') && account.balance.currency.code !== 'USD'
          ? 'INTERNAL_CRYPTO'
          : 'INTERNAL_FIAT',
      )
    }
    const usd = await platformAccount(h, 'USD')
    const funded = await h.call('POST', `/sandbox/internal-accounts/${usd.id}/fund`, { amount: 100_000 })
    expect(funded.body).toMatchObject({ id: usd.id, balance: { amount: 100_000 } })
    const crypto = (await h.call('GET', '/platform/internal-accounts?type=INTERNAL_CRYPTO')).body
      .data as AccountView[]
    expect(crypto.map((account) => account.balance.currency.code)).toEqual(['USDC', 'USDB'])
  })

  it('changes wallet privacy with a signed PATCH { privateEnabled } and has no GET by id', async () => {
    const h = await setup()
    const { customerId, accountId, emailCredentialId } = await createCustomer(h)
    await otpSignIn(h, emailCredentialId, accountId)
    const path = `/internal-accounts/${accountId}`
    const challenge = await h.call('PATCH', path, { privateEnabled: true })
    expect(challenge.status).toBe(202)
    expect(Object.keys(challenge.body).sort()).toEqual(['expiresAt', 'payloadToSign', 'requestId'])
    const payload = JSON.parse(challenge.body.payloadToSign as string)
    expect(payload).toMatchObject({
      type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      parameters: { encoding: 'PAYLOAD_ENCODING_HEXADECIMAL', hashFunction: 'HASH_FUNCTION_NO_OP' },
    })
    expect(payload.parameters.payload).toMatch(/^[0-9a-f]{64}$/)

    const changed = await h.signed(`${h.base}${path}`, json('PATCH', { privateEnabled: true }))
    expect(changed.status).toBe(200)
    expect(await changed.json()).toMatchObject({
      id: accountId,
      privateEnabled: true,
      type: 'EMBEDDED_WALLET',
    })
    expect((await accountsOf(h, `customerId=${customerId}&type=EMBEDDED_WALLET`))[0]?.privateEnabled).toBe(
      true,
    )

    // A retry whose body differs from the one the payload binds is refused.
    const key = h.session.key
    if (!key) throw new Error('no session')
    const other = await h.call('PATCH', path, { privateEnabled: false })
    const mismatch = await h.call(
      'PATCH',
      path,
      { privateEnabled: true },
      {
        [WALLET_SIGNATURE_HEADER]: await stamp(other.body.payloadToSign as string, key),
        'Request-Id': other.body.requestId as string,
      },
    )
    expect([mismatch.status, mismatch.body.code]).toEqual([401, 'WALLET_SIGNATURE_BODY_MISMATCH'])

    for (const body of [{}, { privateEnabled: 'yes' }, { privacy: 'PRIVATE' }]) {
      const reply = await h.call('PATCH', path, body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([400, 'INVALID_INPUT'])
    }
    const unknown = await h.call('PATCH', '/internal-accounts/InternalAccount:nope', { privateEnabled: true })
    expect([unknown.status, unknown.body.code]).toEqual([404, 'REFERENCE_NOT_FOUND'])
    const read = await h.call('GET', path)
    expect([read.status, read.body.code]).toEqual([405, 'METHOD_NOT_ALLOWED'])
  })
})

describe('POST /verifications', () => {
  it.each([
    ['Ada Lovelace001', 'IN_PROGRESS', 'PENDING'],
    ['Ada Lovelace002', 'REJECTED', 'REJECTED'],
    ['Ada Lovelace', 'IN_PROGRESS', 'APPROVED'],
  ])('individual KYC of %s', async (fullName, verificationStatus, kycStatus) => {
    const h = await setup()
    const { customerId } = await createCustomer(h, { fullName })
    const reply = await h.call('POST', '/verifications', { customerId })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ customerId, verificationStatus, errors: [] })
    expect(reply.body.id).toMatch(/^Verification:/)
    expect((await h.call('GET', `/customers/${customerId}`)).body.kycStatus).toBe(kycStatus)
    const again = await h.call('GET', `/verifications/${reply.body.id}`)
    expect(again.body).toEqual(reply.body)
    const listed = await h.call('GET', `/verifications?customerId=${customerId}`)
    expect(listed.body).toMatchObject({ data: [reply.body], hasMore: false })
  })

  it('asks suffix 003 for the edd fields until a PATCH supplies them', async () => {
    const h = await setup()
    const { customerId } = await createCustomer(h, { fullName: 'Ada Lovelace003' })
    const first = await h.call('POST', '/verifications', { customerId })
    expect(first.body.verificationStatus).toBe('RESOLVE_ERRORS')
    const errors = first.body.errors as Array<{
      resourceId: string
      type: string
      field: string
      reason: string
    }>
    expect(errors.map((error) => [error.resourceId, error.type, error.field])).toEqual([
      [customerId, 'MISSING_FIELD', 'edd.sourceOfWealthCategories'],
      [customerId, 'MISSING_FIELD', 'edd.purposeOfAccount'],
      [customerId, 'MISSING_FIELD', 'edd.annualIncomeRange'],
    ])
    expect((await h.call('GET', '/verifications?verificationStatus=RESOLVE_ERRORS')).body.data).toHaveLength(
      1,
    )

    const patched = await h.call('PATCH', `/customers/${customerId}`, {
      customerType: 'INDIVIDUAL',
      sourceOfWealthCategories: ['SALARY'],
      purposeOfAccount: 'P2P_TRANSFERS',
      annualIncomeRange: 'RANGE_100K_250K',
    })
    expect(patched.status).toBe(200)
    const retry = await h.call('POST', '/verifications', { customerId })
    expect(retry.body).toMatchObject({ verificationStatus: 'IN_PROGRESS', errors: [] })
  })

  it.each([
    ['REG-0001', 'PENDING'],
    ['REG-0002', 'REJECTED'],
    ['REG-0009', 'APPROVED'],
  ])('business KYB of registration number %s', async (registrationNumber, kybStatus) => {
    const h = await setup()
    const { customerId } = await createCustomer(h, {
      customerType: 'BUSINESS',
      fullName: undefined,
      businessInfo: business(registrationNumber),
    })
    const reply = await h.call('POST', '/verifications', { customerId })
    expect(reply.status).toBe(200)
    expect((await h.call('GET', `/customers/${customerId}`)).body.kybStatus).toBe(kybStatus)
  })

  it('answers unknown customers and ids with 404, bad bodies and filters with 400', async () => {
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
    expect([unknown.status, unknown.body.code]).toEqual([404, 'REFERENCE_NOT_FOUND'])
    const filter = await h.call('GET', '/verifications?verificationStatus=DONE')
    expect([filter.status, filter.body.code]).toEqual([400, 'INVALID_INPUT'])
  })
})

describe('beneficial owners', () => {
  const personalInfo = (lastName: string) => ({
    firstName: 'Charles',
    lastName,
    birthDate: '1791-12-26',
    nationality: 'GB',
    address: { line1: '1 Dorset St', city: 'London', postalCode: 'W1U', country: 'GB' },
    idType: 'NON_US_TAX_ID',
    identifier: 'GB-1',
  })

  it('KYC-checks each owner by the last 3 characters of personalInfo.lastName', async () => {
    const h = await setup()
    const company = await createCustomer(h, {
      customerType: 'BUSINESS',
      fullName: undefined,
      businessInfo: business('R-123'),
    })
    const statuses: string[] = []
    for (const lastName of ['Babbage001', 'Babbage002', 'Babbage']) {
      const reply = await h.call('POST', '/beneficial-owners', {
        customerId: company.customerId,
        roles: ['UBO'],
        ownershipPercentage: 30,
        personalInfo: personalInfo(lastName),
      })
      expect(reply.status).toBe(201)
      expect(reply.body).toMatchObject({ customerId: company.customerId, personalInfo: { lastName } })
      statuses.push(reply.body.kycStatus as string)
    }
    expect(statuses).toEqual(['PENDING', 'REJECTED', 'APPROVED'])
    const list = await h.call('GET', `/beneficial-owners?customerId=${company.customerId}`)
    expect(list.body).toMatchObject({ hasMore: false, totalCount: 3 })
    const first = (list.body.data as Array<{ id: string }>)[0]
    const patched = await h.call('PATCH', `/beneficial-owners/${first?.id}`, {
      ownershipPercentage: 40,
      personalInfo: { lastName: 'Lovelace' },
    })
    expect(patched.body).toMatchObject({ ownershipPercentage: 40, kycStatus: 'APPROVED' })
    expect((await h.call('GET', `/beneficial-owners/${first?.id}`)).body).toEqual(patched.body)

    const person = await createCustomer(h)
    for (const [body, status, code] of [
      [
        {
          customerId: person.customerId,
          roles: ['UBO'],
          ownershipPercentage: 1,
          personalInfo: personalInfo('X'),
        },
        400,
        'INVALID_INPUT',
      ],
      [
        {
          customerId: 'Customer:nope',
          roles: ['UBO'],
          ownershipPercentage: 1,
          personalInfo: personalInfo('X'),
        },
        404,
        'USER_NOT_FOUND',
      ],
      [
        {
          customerId: company.customerId,
          roles: ['KING'],
          ownershipPercentage: 1,
          personalInfo: personalInfo('X'),
        },
        400,
        'INVALID_INPUT',
      ],
      [
        {
          customerId: company.customerId,
          roles: ['UBO'],
          ownershipPercentage: 101,
          personalInfo: personalInfo('X'),
        },
        400,
        'INVALID_INPUT',
      ],
    ] as const) {
      const reply = await h.call('POST', '/beneficial-owners', body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code])
    }
    expect((await h.call('GET', '/beneficial-owners')).status).toBe(400)
    expect((await h.call('GET', '/beneficial-owners/BeneficialOwner:nope')).body.code).toBe(
      'REFERENCE_NOT_FOUND',
    )
  })
})

describe('external accounts', () => {
  const usdAccount = (accountNumber: string) => ({
    accountType: 'USD_ACCOUNT',
    accountNumber,
    routingNumber: '021000021',
    beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
  })

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
    const created = await h.call('POST', '/customers/external-accounts', {
      customerId,
      currency: 'USD',
      platformAccountId: 'ext-1',
      accountInfo: usdAccount(accountNumber),
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      customerId,
      currency: 'USD',
      status: 'ACTIVE',
      platformAccountId: 'ext-1',
      beneficiaryVerificationStatus: status,
      accountInfo: { ...usdAccount(accountNumber), paymentRails: ['ACH', 'WIRE', 'RTP', 'FEDNOW'] },
    })
    expect(created.body.id).toMatch(/^ExternalAccount:/)
    const read = await h.call('GET', `/customers/external-accounts/${created.body.id}`)
    expect(read.body).toEqual(created.body)
    const listed = await h.call('GET', `/customers/external-accounts?customerId=${customerId}`)
    expect(listed.body).toMatchObject({ data: [created.body], hasMore: false })
  })

  it('refuses suffix 105 as an invalid account, also in the username of an address with a domain', async () => {
    const h = await setup()
    const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' }
    for (const accountInfo of [
      { accountType: 'EUR_ACCOUNT', iban: 'DE89370400440532013105', beneficiary },
      { accountType: 'LIGHTNING', lightningAddress: 'grace105@wallet.example' },
    ]) {
      const reply = await h.call('POST', '/platform/external-accounts', { currency: 'EUR', accountInfo })
      expect([reply.status, reply.body.code]).toEqual([400, 'INVALID_BANK_ACCOUNT'])
    }
    const domainPart = await h.call('POST', '/platform/external-accounts', {
      currency: 'USD',
      accountInfo: { accountType: 'LIGHTNING', lightningAddress: 'grace@wallet105.example' },
    })
    expect(domainPart.body.beneficiaryVerificationStatus).toBe('MATCHED')
  })

  it("keeps the platform's accounts apart from the customers' and deletes them (204)", async () => {
    const h = await setup()
    const { customerId } = await createCustomer(h)
    const platform = await h.call('POST', '/platform/external-accounts', {
      currency: 'USD',
      accountInfo: usdAccount('000999888777'),
    })
    expect(platform.status).toBe(201)
    expect(platform.body.customerId).toBeUndefined()
    const customers = await createExternalAccount(h, customerId, '000123456789')
    expect((await h.call('GET', '/platform/external-accounts')).body.data).toEqual([platform.body])
    expect(
      ((await h.call('GET', '/customers/external-accounts')).body.data as Array<{ id: string }>).map(
        (a) => a.id,
      ),
    ).toEqual([customers])
    expect((await h.call('GET', `/customers/external-accounts/${platform.body.id}`)).status).toBe(404)
    expect((await h.call('GET', `/platform/external-accounts/${customers}`)).status).toBe(404)
    expect((await h.call('GET', '/customers/external-accounts?currency=EUR')).body.data).toEqual([])

    const deleted = await h.api(`${h.base}/customers/external-accounts/${customers}`, { method: 'DELETE' })
    expect([deleted.status, await deleted.text()]).toEqual([204, ''])
    expect((await h.call('GET', `/customers/external-accounts/${customers}`)).body.code).toBe(
      'REFERENCE_NOT_FOUND',
    )
    expect(
      (await h.api(`${h.base}/platform/external-accounts/${platform.body.id}`, { method: 'DELETE' })).status,
    ).toBe(204)
  })

  it('answers bad input and unknown ids with the Error object', async () => {
    const h = await setup()
    const beneficiary = { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' }
    const cases: Array<[unknown, string]> = [
      [{ currency: 'USD', accountInfo: {} }, 'INVALID_INPUT'],
      [{ currency: 'USD' }, 'INVALID_INPUT'],
      [
        {
          currency: 'USD',
          accountInfo: { accountType: 'USD_ACCOUNT', accountNumber: '1', routingNumber: '021000021' },
        },
        'INVALID_INPUT',
      ],
      [{ currency: 'USD', accountInfo: { ...usdAccount('1'), routingNumber: '12' } }, 'INVALID_INPUT'],
      [{ currency: 'USD', accountInfo: { accountType: 'CASH', accountNumber: '1' } }, 'INVALID_INPUT'],
      [{ currency: 'USD', accountInfo: { accountType: 'SPARK_WALLET' } }, 'INVALID_INPUT'],
      [{ currency: 'ZZZ', accountInfo: usdAccount('1') }, 'INVALID_CURRENCY'],
      [{ customerId: 'Customer:nope', currency: 'USD', accountInfo: usdAccount('1') }, 'INVALID_INPUT'],
      [{ currency: 'USD', ownershipType: 'MINE', accountInfo: usdAccount('1') }, 'INVALID_INPUT'],
      [
        { currency: 'MXN', accountInfo: { accountType: 'MXN_ACCOUNT', clabeNumber: '12', beneficiary } },
        'INVALID_INPUT',
      ],
    ]
    for (const [body, code] of cases) {
      const reply = await h.call('POST', '/customers/external-accounts', body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([400, code])
    }
    const unknown = await h.call('GET', '/customers/external-accounts/ExternalAccount:nope')
    expect([unknown.status, unknown.body.code]).toEqual([404, 'REFERENCE_NOT_FOUND'])
    const post = await h.call('POST', '/external-accounts', { currency: 'USD', accountInfo: usdAccount('1') })
    expect(post.status).toBe(404)
  })
})

describe('transfers in and out (last 3 digits of the external account number)', () => {
  // [suffix, [ms after the request, status]..., money moved in the end?, reason in, reason out]
  const table: Array<[string, Array<[number, string]>, boolean, string?, string?]> = [
    ['789', [[0, 'COMPLETED']], true],
    ['002', [[0, 'FAILED']], false, 'COLLECTION_FAILED', 'QUOTE_EXECUTION_FAILED'],
    ['003', [[0, 'FAILED']], false, 'COLLECTION_FAILED', 'ACCOUNT_INVALID'],
    [
      '004',
      [
        [0, 'PENDING'],
        [3_000, 'FAILED'],
      ],
      false,
      'COLLECTION_FAILED',
      'ACCOUNT_CANNOT_RECEIVE',
    ],
    [
      '005',
      [
        [0, 'PENDING'],
        [29_999, 'PENDING'],
        [30_000, 'FAILED'],
      ],
      false,
      'COLLECTION_FAILED',
      'QUOTE_EXECUTION_FAILED',
    ],
  ]

  /** A customer's USD account and a bank account of theirs numbered with `suffix`. */
  async function usdAndBank(h: Harness, suffix: string) {
    const { customerId } = await createCustomer(h)
    const [usd] = await accountsOf(h, `customerId=${customerId}&currency=USD`)
    if (!usd) throw new Error('no USD account')
    return {
      customerId,
      accountId: usd.id,
      bank: await createExternalAccount(h, customerId, `000123456${suffix}`),
    }
  }

  it.each(table)('transfer-in from suffix %s', async (suffix, timeline, moved, reasonIn) => {
    const h = await setup()
    const { customerId, accountId, bank } = await usdAndBank(h, suffix)
    const start = h.sandbox.clock.now()
    const created = await h.call('POST', '/transfer-in', {
      source: { accountId: bank },
      destination: { accountId },
      amount: 12_550,
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      type: 'INCOMING',
      direction: 'CREDIT',
      customerId,
      receivedAmount: { amount: 12_550, currency: { code: 'USD' } },
      source: { sourceType: 'ACCOUNT', accountId: bank },
      destination: { destinationType: 'ACCOUNT', accountId },
    })
    for (const [after, status] of timeline) {
      h.sandbox.clock.set(start + after)
      const read = await h.call('GET', `/transactions/${created.body.id}`)
      expect(read.body.status, `${after} ms`).toBe(status)
      if (status !== 'COMPLETED') expect(await balance(h, accountId)).toBe(0)
    }
    const final = await h.call('GET', `/transactions/${created.body.id}`)
    expect(final.body.failureReason).toBe(reasonIn)
    expect(await balance(h, accountId)).toBe(moved ? 12_550 : 0)
  })

  it.each(table)('transfer-out to suffix %s', async (suffix, timeline, moved, _reasonIn, reasonOut) => {
    const h = await setup()
    const { accountId, bank } = await usdAndBank(h, suffix)
    await fund(h, accountId, 20_000)
    const start = h.sandbox.clock.now()
    const created = await h.call('POST', '/transfer-out', {
      source: { accountId },
      destination: { accountId: bank, paymentRail: 'ACH' },
      amount: 12_550,
      remittanceInformation: 'Invoice 7',
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({
      type: 'OUTGOING',
      direction: 'DEBIT',
      sentAmount: { amount: 12_550 },
    })
    for (const [after, status] of timeline) {
      h.sandbox.clock.set(start + after)
      const read = await h.call('GET', `/transactions/${created.body.id}`)
      expect(read.body.status, `${after} ms`).toBe(status)
      // Pending transfers hold the money; failed ones give it back.
      if (status === 'PENDING') expect(await balance(h, accountId)).toBe(20_000 - 12_550)
    }
    const final = await h.call('GET', `/transactions/${created.body.id}`)
    expect(final.body.failureReason).toBe(reasonOut)
    expect((final.body.refund as { status?: string } | undefined)?.status).toBe(
      moved ? undefined : 'COMPLETED',
    )
    expect(await balance(h, accountId)).toBe(moved ? 20_000 - 12_550 : 20_000)
  })

  it('answers a repeated Idempotency-Key with the first transfer, moving the money once', async () => {
    const h = await setup()
    const { accountId, bank } = await usdAndBank(h, '789')
    const send = () =>
      h.call(
        'POST',
        '/transfer-in',
        { source: { accountId: bank }, destination: { accountId }, amount: 500 },
        { 'Idempotency-Key': 'payday' },
      )
    const first = await send()
    expect(first.status).toBe(201)
    expect(await send()).toEqual(first)
    expect(await balance(h, accountId)).toBe(500)
  })

  it('refuses transfers without the funds, across currencies, or between unknown accounts', async () => {
    const h = await setup()
    const { customerId, accountId: walletId } = await createCustomer(h)
    const [usd] = await accountsOf(h, `customerId=${customerId}&currency=USD`)
    const accountId = usd?.id ?? ''
    const bank = await createExternalAccount(h, customerId, '000123456789')
    const other = await createCustomer(h)
    const foreign = await createExternalAccount(h, other.customerId, '000123456780')
    const cases: Array<[string, unknown, number, string]> = [
      [
        '/transfer-out',
        { source: { accountId }, destination: { accountId: bank }, amount: 1 },
        400,
        'INVALID_AMOUNT',
      ],
      [
        '/transfer-in',
        { source: { accountId: bank }, destination: { accountId: walletId }, amount: 1 },
        400,
        'INVALID_CURRENCY',
      ],
      [
        '/transfer-in',
        { source: { accountId: foreign }, destination: { accountId }, amount: 1 },
        400,
        'INVALID_INPUT',
      ],
      [
        '/transfer-in',
        { source: { accountId: bank }, destination: { accountId }, amount: -5 },
        400,
        'INVALID_INPUT',
      ],
      ['/transfer-in', { source: { accountId: bank }, destination: { accountId } }, 400, 'INVALID_INPUT'],
      [
        '/transfer-in',
        { source: { accountId: 'ExternalAccount:nope' }, destination: { accountId }, amount: 1 },
        404,
        'REFERENCE_NOT_FOUND',
      ],
      [
        '/transfer-out',
        { source: { accountId: 'InternalAccount:nope' }, destination: { accountId: bank }, amount: 1 },
        404,
        'REFERENCE_NOT_FOUND',
      ],
      ['/transfer-out', 'not json', 400, 'INVALID_INPUT'],
    ]
    for (const [path, body, status, code] of cases) {
      const reply = await h.call('POST', path, body)
      expect([reply.status, reply.body.code], `${path} ${JSON.stringify(body)}`).toEqual([status, code])
    }
  })
})

describe('transactions', () => {
  it('lists by customer, type and status, newest first unless asked otherwise', async () => {
    const h = await setup()
    const { customerId } = await createCustomer(h)
    const [usd] = await accountsOf(h, `customerId=${customerId}&currency=USD`)
    const good = await createExternalAccount(h, customerId, '000123456789')
    const bad = await createExternalAccount(h, customerId, '000123456002')
    const ids: string[] = []
    for (const bank of [good, bad]) {
      h.sandbox.clock.advance(1_000)
      const created = await h.call('POST', '/transfer-in', {
        source: { accountId: bank },
        destination: { accountId: usd?.id },
        amount: 100,
      })
      ids.push(created.body.id as string)
    }
    const list = async (query: string) =>
      ((await h.call('GET', `/transactions?${query}`)).body.data as Array<{ id: string }>).map((t) => t.id)
    expect(await list(`customerId=${customerId}`)).toEqual([...ids].reverse())
    expect(await list(`customerId=${customerId}&sortOrder=asc`)).toEqual(ids)
    expect(await list(`customerId=${customerId}&status=FAILED`)).toEqual([ids[1]])
    expect(await list(`customerId=${customerId}&type=OUTGOING`)).toEqual([])
    for (const query of ['type=CARD', 'status=LOST', 'sortOrder=up']) {
      expect((await h.call('GET', `/transactions?${query}`)).status, query).toBe(400)
    }
  })
})

describe('sandbox-only endpoints', () => {
  it('funds an internal account instantly', async () => {
    const h = await setup()
    const { customerId, accountId } = await createCustomer(h)
    const funded = await h.call('POST', `/sandbox/internal-accounts/${accountId}/fund`, { amount: 100_000 })
    expect(funded.status).toBe(200)
    expect(funded.body).toMatchObject({
      id: accountId,
      balance: { amount: 100_000, currency: { code: 'USDB' } },
    })
    // The money arrived from outside: an incoming payment of the customer, completed.
    const [incoming] = (await h.call('GET', `/transactions?customerId=${customerId}`)).body.data as Array<
      Record<string, unknown>
    >
    expect(incoming).toMatchObject({
      type: 'INCOMING',
      direction: 'CREDIT',
      status: 'COMPLETED',
      source: { sourceType: 'REALTIME_FUNDING', currency: 'USDB' },
      destination: { destinationType: 'ACCOUNT', accountId },
      receivedAmount: { amount: 100_000 },
    })
    for (const [path, body, status, code] of [
      [`/sandbox/internal-accounts/${accountId}/fund`, { amount: 0 }, 400, 'INVALID_INPUT'],
      [`/sandbox/internal-accounts/${accountId}/fund`, { amount: 1.5 }, 400, 'INVALID_INPUT'],
      [`/sandbox/internal-accounts/${accountId}/fund`, { amount: 100_000_000_001 }, 400, 'INVALID_INPUT'],
      ['/sandbox/internal-accounts/InternalAccount:nope/fund', { amount: 1 }, 404, 'REFERENCE_NOT_FOUND'],
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
    const quote = await quoteToUma(h, accountId, '$success.usd@sandbox.uma.example')
    const reply = await h.call('POST', '/sandbox/send', { quoteId: quote.id, currencyCode: 'USDB' })
    expect([reply.status, reply.body.code]).toEqual([400, 'INVALID_INPUT'])
  })

  it('credits an incoming UMA payment to the receiver named by address or customer, in its currency', async () => {
    const h = await setup()
    const { customerId, accountId } = await createCustomer(h, { umaAddress: '$ada@sandbox.uma.example' })
    const received = await h.call('POST', '/sandbox/uma/receive', {
      senderUmaAddress: '$success.usd@sandbox.uma.example',
      receiverUmaAddress: '$ada@sandbox.uma.example',
      receivingCurrencyCode: 'USDB',
      receivingCurrencyAmount: 2_500_000,
    })
    expect(received.status).toBe(200)
    expect(received.body).toMatchObject({
      type: 'INCOMING',
      direction: 'CREDIT',
      status: 'COMPLETED',
      customerId,
      source: { sourceType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.uma.example' },
      destination: { destinationType: 'ACCOUNT', accountId },
      receivedAmount: { amount: 2_500_000, currency: { code: 'USDB' } },
    })
    expect(await balance(h, accountId)).toBe(2_500_000)

    const byCustomer = await h.call('POST', '/sandbox/uma/receive', {
      senderUmaAddress: '$bob@other.example',
      customerId,
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 700,
    })
    const [usd] = await accountsOf(h, `customerId=${customerId}&currency=USD`)
    expect(byCustomer.body.destination).toEqual({
      destinationType: 'ACCOUNT',
      accountId: usd?.id,
      currency: 'USD',
    })
    expect(await balance(h, usd?.id ?? '')).toBe(700)

    const base = {
      senderUmaAddress: '$bob@other.example',
      receiverUmaAddress: '$ada@sandbox.uma.example',
      receivingCurrencyCode: 'USD',
      receivingCurrencyAmount: 100,
    }
    for (const [body, status, code] of [
      [{ ...base, receiverUmaAddress: '$nobody@sandbox.uma.example' }, 404, 'UMA_NOT_FOUND'],
      [{ ...base, receiverUmaAddress: undefined, customerId: 'Customer:nope' }, 404, 'USER_NOT_FOUND'],
      [{ ...base, receiverUmaAddress: undefined }, 400, 'INVALID_INPUT'],
      [{ ...base, receivingCurrencyCode: 'EUR' }, 400, 'INVALID_CURRENCY'],
      [{ ...base, receiverUmaAddress: 'ada' }, 400, 'INVALID_INPUT'],
      [{ ...base, receivingCurrencyAmount: '100' }, 400, 'INVALID_INPUT'],
    ] as const) {
      const reply = await h.call('POST', '/sandbox/uma/receive', body)
      expect([reply.status, reply.body.code], JSON.stringify(body)).toEqual([status, code])
    }
  })
})
