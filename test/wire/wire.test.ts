import { describe, expect, it } from 'vitest'
import { quoteWalletPayload } from '../../src/client/quoteWalletPayload.js'
import { WalletAuthError } from '../../src/errors.js'
import {
  AuthMethod,
  AuthSession,
  ErrorBody,
  PasskeyAuthChallenge,
  parseWire,
  parseWireJson,
  Quote,
  SignedRetryChallenge,
} from '../../src/wire/index.js'
import { expectCode } from '../helpers/expectCode.js'

const quote = {
  id: 'Quote:019542f5-b3e7-1d02-0000-000000000006',
  status: 'PENDING',
  createdAt: '2026-11-21T10:00:00Z',
  expiresAt: '2026-11-21T10:05:00Z',
  source: { sourceType: 'ACCOUNT', accountId: 'InternalAccount:1' },
  destination: { destinationType: 'UMA_ADDRESS', umaAddress: '$success.usd@sandbox.example' },
  sendingCurrency: { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2 },
  receivingCurrency: { code: 'USD', name: 'US Dollar', symbol: '$', decimals: 2 },
  totalSendingAmount: 10000,
  totalReceivingAmount: 10850,
  exchangeRate: 0.92,
  feesIncluded: 50,
  rateDetails: {
    counterpartyMultiplier: 1.08,
    counterpartyFixedFee: 0,
    gridApiMultiplier: 1.2,
    gridApiFixedFee: 10,
    gridApiVariableFeeRate: 0.4,
    gridApiVariableFeeAmount: 40,
  },
  paymentInstructions: [
    { accountOrWalletInfo: { accountType: 'EUR_ACCOUNT', reference: 'REF-1', iban: 'DE00' } },
  ],
}

function issuesOf(action: () => unknown): string[] {
  try {
    action()
  } catch (error) {
    expect(error).toBeInstanceOf(WalletAuthError)
    expect((error as WalletAuthError).code).toBe('INVALID_RESPONSE')
    return (error as WalletAuthError).details?.issues as string[]
  }
  throw new Error('expected a parse failure')
}

describe('Quote', () => {
  it('accepts a quote without transactionId or platformFeesIncluded and keeps unknown members', () => {
    const parsed = parseWire(Quote, { ...quote, futureField: { a: 1 } }, 'Quote')
    expect(parsed.transactionId).toBeUndefined()
    expect((parsed as Record<string, unknown>).futureField).toEqual({ a: 1 })
    expect(parsed.paymentInstructions?.[0]?.accountOrWalletInfo).toMatchObject({ iban: 'DE00' })
    expect(parseWire(Quote, { ...quote, transactionId: null }, 'Quote').transactionId).toBeNull()
  })

  it('accepts unknown source, destination and account types, keeping their members', () => {
    const parsed = parseWire(
      Quote,
      {
        ...quote,
        source: { sourceType: 'CARD', cardId: 'c1' },
        destination: { destinationType: 'PHONE', phone: '+1' },
      },
      'Quote',
    )
    expect(parsed.source).toEqual({ sourceType: 'CARD', cardId: 'c1' })
    expect(parsed.destination).toEqual({ destinationType: 'PHONE', phone: '+1' })
  })

  it('reads a Currency as the contract types it: no member required', () => {
    const parsed = parseWire(
      Quote,
      { ...quote, sendingCurrency: {}, receivingCurrency: { decimals: 2 } },
      'Quote',
    )
    expect(parsed.sendingCurrency.code).toBeUndefined()
    expect(parsed.receivingCurrency).toEqual({ decimals: 2 })
    const issues = issuesOf(() => parseWire(Quote, { ...quote, sendingCurrency: { code: '' } }, 'Quote'))
    expect(issues.some((issue) => issue.startsWith('sendingCurrency.code:'))).toBe(true)
  })

  it('reads both instructions of a wallet source, SPARK_WALLET then EMBEDDED_WALLET', () => {
    const paymentInstructions = [
      { accountOrWalletInfo: { accountType: 'SPARK_WALLET', address: 'spark1deposit', assetType: 'USDB' } },
      { accountOrWalletInfo: { accountType: 'EMBEDDED_WALLET', payloadToSign: '{"type":"X"}' } },
    ]
    const parsed = parseWire(Quote, { ...quote, paymentInstructions }, 'Quote')
    expect(parsed.paymentInstructions?.map(({ accountOrWalletInfo }) => accountOrWalletInfo)).toEqual(
      paymentInstructions.map(({ accountOrWalletInfo }) => accountOrWalletInfo),
    )
    expect(quoteWalletPayload(parsed)).toBe('{"type":"X"}')
  })

  it('checks the known source variants', async () => {
    const issues = issuesOf(() => parseWire(Quote, { ...quote, source: { sourceType: 'ACCOUNT' } }, 'Quote'))
    expect(issues.some((issue) => issue.startsWith('source.accountId:'))).toBe(true)
  })

  it('accepts an unknown accountType and the variants without stated fields', () => {
    for (const accountType of ['NEW_RAIL_ACCOUNT', 'INR_ACCOUNT', 'SOLANA_WALLET', 'EMBEDDED_WALLET']) {
      const paymentInstructions = [{ accountOrWalletInfo: { accountType, anything: 1 } }]
      expect(parseWire(Quote, { ...quote, paymentInstructions }, 'Quote').paymentInstructions).toHaveLength(1)
    }
  })

  it.each([
    [
      'BRL without qrCode',
      { accountType: 'BRL_ACCOUNT' },
      'paymentInstructions.0.accountOrWalletInfo.qrCode',
    ],
    [
      'BRL with an empty qrCode',
      { accountType: 'BRL_ACCOUNT', qrCode: '' },
      'paymentInstructions.0.accountOrWalletInfo.qrCode',
    ],
    [
      'ARS with 21 digits',
      { accountType: 'ARS_ACCOUNT', accountNumber: '0'.repeat(21) },
      'paymentInstructions.0.accountOrWalletInfo.accountNumber',
    ],
    [
      'ARS with a letter',
      { accountType: 'ARS_ACCOUNT', accountNumber: `${'0'.repeat(21)}a` },
      'paymentInstructions.0.accountOrWalletInfo.accountNumber',
    ],
    [
      'COP without a URL',
      { accountType: 'COP_ACCOUNT', paymentUrl: 'not a url' },
      'paymentInstructions.0.accountOrWalletInfo.paymentUrl',
    ],
    [
      'USD without reference',
      { accountType: 'USD_ACCOUNT' },
      'paymentInstructions.0.accountOrWalletInfo.reference',
    ],
  ])('rejects %s with a readable path', (_name, accountOrWalletInfo, path) => {
    const issues = issuesOf(() =>
      parseWire(Quote, { ...quote, paymentInstructions: [{ accountOrWalletInfo }] }, 'Quote'),
    )
    expect(issues.some((issue) => issue.startsWith(`${path}:`))).toBe(true)
  })

  it('accepts the stated variant fields', () => {
    const variants = [
      { accountType: 'BRL_ACCOUNT', qrCode: '00020126' },
      { accountType: 'ARS_ACCOUNT', accountNumber: '0'.repeat(22) },
      { accountType: 'COP_ACCOUNT', paymentUrl: 'https://pay.example/deposit/1' },
      { accountType: 'SPARK_WALLET', assetType: 'BTC', address: 'sp1', invoice: 'lnbc1' },
    ]
    const paymentInstructions = variants.map((accountOrWalletInfo) => ({ accountOrWalletInfo }))
    expect(parseWire(Quote, { ...quote, paymentInstructions }, 'Quote').paymentInstructions).toHaveLength(4)
  })

  it.each([
    ['a float amount', { totalSendingAmount: 10.5 }, 'totalSendingAmount'],
    ['a string amount', { totalSendingAmount: '10000' }, 'totalSendingAmount'],
    ['a zero amount', { totalReceivingAmount: 0 }, 'totalReceivingAmount'],
    ['negative fees', { feesIncluded: -1 }, 'feesIncluded'],
    ['an unknown status', { status: 'DONE' }, 'status'],
    ['a bad date', { expiresAt: 'tomorrow' }, 'expiresAt'],
    [
      'a bad UMA address',
      { destination: { destinationType: 'UMA_ADDRESS', umaAddress: 'alice' } },
      'destination.umaAddress',
    ],
    [
      'incomplete rate details',
      { rateDetails: { counterpartyMultiplier: 1 } },
      'rateDetails.counterpartyFixedFee',
    ],
  ])('rejects %s, naming the path', (_name, change, path) => {
    const issues = issuesOf(() => parseWire(Quote, { ...quote, ...change }, 'Quote'))
    expect(issues.some((issue) => issue.startsWith(`${path}:`))).toBe(true)
  })

  it('reads a pending-authorization quote with its SCA challenge', () => {
    const scaChallenge = {
      id: 'ScaChallenge:1',
      expiresAt: '2026-11-21T10:05:00Z',
      factor: 'PASSKEY',
      availableFactors: ['SMS_OTP', 'PASSKEY'],
      purpose: 'SOMETHING_NEW',
      passkeyAssertionOptions: { rpId: 'wallet.example', challenge: 'abc' },
      passkeyAllowedOrigins: null,
    }
    const parsed = parseWire(Quote, { ...quote, status: 'PENDING_AUTHORIZATION', scaChallenge }, 'Quote')
    expect(parsed.scaChallenge?.purpose).toBe('SOMETHING_NEW')
  })
})

describe('authentication objects', () => {
  it('reads both AuthSession cases', async () => {
    expect(
      parseWire(AuthSession, { encryptedSessionSigningKey: 'abc', expiresAt: '2026-11-21T10:15:00Z' }, 'x'),
    ).toBeTruthy()
    const otp = {
      id: 'Session:1',
      accountId: 'InternalAccount:1',
      type: 'EMAIL_OTP',
      nickname: 'a@b.c',
      createdAt: '2026-11-21T10:00:00Z',
      updatedAt: '2026-11-21T10:00:00Z',
      expiresAt: '2026-11-21T10:15:00Z',
    }
    expect(parseWire(AuthSession, otp, 'x')).toMatchObject({ id: 'Session:1' })
    await expectCode(() => parseWire(AuthSession, { expiresAt: otp.expiresAt }, 'x'), 'INVALID_RESPONSE')
  })

  it('reads AuthMethod, SignedRetryChallenge, PasskeyAuthChallenge and the Error object', () => {
    const method = {
      id: 'AuthMethod:1',
      accountId: 'InternalAccount:1',
      type: 'PASSKEY',
      nickname: 'Mac',
      credentialId: 'abc',
    }
    expect(parseWire(AuthMethod, method, 'x').type).toBe('PASSKEY')
    const challenge = { payloadToSign: '{}', requestId: 'Request:1', expiresAt: '2026-11-21T10:05:00Z' }
    expect(parseWire(SignedRetryChallenge, challenge, 'x').type).toBeUndefined()
    expect(
      parseWire(
        PasskeyAuthChallenge,
        { challenge: 'ab01', requestId: 'Request:1', expiresAt: challenge.expiresAt },
        'x',
      ),
    ).toBeTruthy()
    expect(
      parseWire(
        ErrorBody,
        { status: 401, code: 'UNAUTHORIZED', message: 'no', reason: 'Invalid OTP code' },
        'x',
      ).reason,
    ).toBe('Invalid OTP code')
  })

  it.each([
    [AuthMethod, { id: 'Session:1', accountId: 'InternalAccount:1', type: 'PASSKEY' }, 'id'],
    [AuthMethod, { id: 'AuthMethod:1', accountId: 'InternalAccount:1', type: 'SMS' }, 'type'],
    [
      SignedRetryChallenge,
      { payloadToSign: '{}', requestId: 'Req:1', expiresAt: '2026-11-21T10:05:00Z' },
      'requestId',
    ],
    [
      SignedRetryChallenge,
      { payloadToSign: 5, requestId: 'Request:1', expiresAt: '2026-11-21T10:05:00Z' },
      'payloadToSign',
    ],
    [
      PasskeyAuthChallenge,
      { challenge: 'ABCD', requestId: 'Request:1', expiresAt: '2026-11-21T10:05:00Z' },
      'challenge',
    ],
    [ErrorBody, { status: '401', code: 'X', message: 'm' }, 'status'],
  ] as const)('rejects a wrong field with its path (%#)', (schema, value, path) => {
    const issues = issuesOf(() => parseWire(schema, value, 'x'))
    expect(issues.some((issue) => issue.startsWith(`${path}:`))).toBe(true)
  })

  it('turns bad JSON and non-strings into the given typed error', async () => {
    await expectCode(() => parseWireJson(ErrorBody, '{', 'x'), 'INVALID_RESPONSE')
    await expectCode(() => parseWireJson(ErrorBody, 5, 'x', 'INVALID_TARGET_BUNDLE'), 'INVALID_TARGET_BUNDLE')
  })
})
