// Every query and body is checked against its operation's rule (written from the service's
// contract) before the hook is asked or anything reaches the service: what fails is a 400
// INVALID_INPUT, and the relay forwards only what the operation defines.
import { describe, expect, it } from 'vitest'
import { COMPRESSED_KEY, fakeService, json, partyIds, UNCOMPRESSED_KEY } from './relayRequests.js'

const { customerId, accountId, credentialId, sessionId, quoteId, delegatedKeyId, cardId } = partyIds(1)
const other = partyIds(2)
const UMA = { destinationType: 'UMA_ADDRESS', umaAddress: '$bob@uma.example' }
const quote = (fields: Record<string, unknown>) => ({
  source: { sourceType: 'ACCOUNT', accountId },
  destination: UMA,
  lockedCurrencySide: 'SENDING',
  lockedCurrencyAmount: 100,
  ...fields,
})
const attestation = {
  credentialId: 'AQID',
  clientDataJson: 'eyJ9',
  attestationObject: 'o2Nm',
  transports: ['internal'],
}
const passkey = { type: 'PASSKEY', accountId, nickname: 'MacBook', challenge: 'Y2hhbGxlbmdl', attestation }

type Case = [name: string, method: string, path: string, body?: unknown]

const QUERIES: Case[] = [
  [
    'a query parameter given twice',
    'GET',
    `/auth/credentials?accountId=${accountId}&accountId=${other.accountId}`,
  ],
  [
    'a query parameter the operation does not define',
    'GET',
    `/auth/credentials?accountId=${accountId}&note=1`,
  ],
  ['credentials listed for no account', 'GET', '/auth/credentials'],
  ['sessions listed for no account', 'GET', '/auth/sessions'],
  ['delegated keys listed for no account', 'GET', '/auth/delegated-keys'],
  [
    'delegated keys listed by funding source alone',
    'GET',
    '/auth/delegated-keys?fundingSourceId=CardFundingSource:1',
  ],
  [
    'accounts listed for no customer (every customer’s)',
    'GET',
    `/customers/internal-accounts?accountId=${accountId}`,
  ],
  ['an account list page of 0', 'GET', `/customers/internal-accounts?customerId=${customerId}&limit=0`],
  ['an account list page of 101', 'GET', `/customers/internal-accounts?customerId=${customerId}&limit=101`],
  ['an unknown account type', 'GET', `/customers/internal-accounts?customerId=${customerId}&type=SAVINGS`],
  ['a query id with a slash', 'GET', '/auth/sessions?accountId=InternalAccount:1/../x'],
  ['a query on an operation without one', 'GET', `/quotes/${quoteId}?expand=source`],
  ['a __proto__ query parameter', 'GET', `/auth/sessions?accountId=${accountId}&__proto__=x`],
]

const BODIES: Case[] = [
  ['a body that is not JSON', 'POST', '/auth/credentials', '{"accountId":'],
  ['a body that is a JSON array', 'POST', '/auth/credentials', [{ type: 'SMS_OTP', accountId }]],
  ['a body that is not UTF-8', 'POST', '/auth/credentials', new Uint8Array([0x7b, 0xff, 0x7d])],
  [
    'a body naming one member twice (parsers differ on which counts)',
    'POST',
    '/auth/credentials',
    `{"type":"EMAIL_OTP","accountId":"${other.accountId}","accountId":"${accountId}"}`,
  ],
  [
    'a quote source naming its account twice, once escaped',
    'POST',
    '/quotes',
    JSON.stringify(quote({})).replace('"accountId":', `"accountId":"${other.accountId}","acc\\u006funtId":`),
  ],
  ['a body where none is defined (DELETE)', 'DELETE', `/auth/sessions/${sessionId}`, {}],
  ['a body where none is defined (resend)', 'POST', `/quotes/${quoteId}/authorize/resend`, { code: '1' }],
  // POST /auth/credentials
  [
    'an OTP credential with a member the service does not define',
    'POST',
    '/auth/credentials',
    { type: 'SMS_OTP', accountId, phoneNumber: '+15555550100' },
  ],
  ['a credential of an unknown type', 'POST', '/auth/credentials', { type: 'TOTP', accountId }],
  ['a credential for no account', 'POST', '/auth/credentials', { type: 'EMAIL_OTP' }],
  [
    'a credential whose account id is not a string',
    'POST',
    '/auth/credentials',
    { type: 'EMAIL_OTP', accountId: [accountId] },
  ],
  [
    'a credential whose account id has a slash',
    'POST',
    '/auth/credentials',
    { type: 'EMAIL_OTP', accountId: 'InternalAccount:1/../x' },
  ],
  [
    'a credential naming its customer',
    'POST',
    '/auth/credentials',
    { type: 'EMAIL_OTP', accountId, customerId },
  ],
  ['an OAuth credential without its token', 'POST', '/auth/credentials', { type: 'OAUTH', accountId }],
  ['a passkey without its challenge', 'POST', '/auth/credentials', { ...passkey, challenge: undefined }],
  ['a passkey with an empty nickname', 'POST', '/auth/credentials', { ...passkey, nickname: '   ' }],
  [
    'a passkey with an unknown transport',
    'POST',
    '/auth/credentials',
    { ...passkey, attestation: { ...attestation, transports: ['pigeon'] } },
  ],
  ['no body where one is required', 'POST', '/auth/credentials'],
  // verify and challenge
  [
    'an OTP verify without its bundle',
    'POST',
    `/auth/credentials/${credentialId}/verify`,
    { type: 'EMAIL_OTP' },
  ],
  [
    'an OTP verify with the plain code',
    'POST',
    `/auth/credentials/${credentialId}/verify`,
    { type: 'EMAIL_OTP', encryptedOtpBundle: '{}', otpCode: '000000' },
  ],
  [
    'an OAuth verify with a malformed key',
    'POST',
    `/auth/credentials/${credentialId}/verify`,
    { type: 'OAUTH', oidcToken: 'a.b.c', clientPublicKey: '05ab' },
  ],
  [
    'a passkey verify without a signature',
    'POST',
    `/auth/credentials/${credentialId}/verify`,
    { type: 'PASSKEY', assertion: { credentialId: 'AQ', clientDataJson: 'AQ', authenticatorData: 'AQ' } },
  ],
  [
    'a challenge with a malformed key',
    'POST',
    `/auth/credentials/${credentialId}/challenge`,
    { clientPublicKey: 'xyz' },
  ],
  [
    'a challenge with an unknown member',
    'POST',
    `/auth/credentials/${credentialId}/challenge`,
    { accountId },
  ],
  // sessions
  ['a refresh without a key', 'POST', `/auth/sessions/${sessionId}/refresh`, {}],
  // delegated keys
  [
    'a delegated key without its card',
    'POST',
    '/auth/delegated-keys',
    { internalAccountId: accountId, nickname: 'k' },
  ],
  [
    'a delegated key with an empty nickname',
    'POST',
    '/auth/delegated-keys',
    { cardId, internalAccountId: accountId, nickname: '' },
  ],
  [
    'a delegated key with a 257-character nickname',
    'POST',
    '/auth/delegated-keys',
    { cardId, internalAccountId: accountId, nickname: 'k'.repeat(257) },
  ],
  [
    'a delegated key naming its account as accountId',
    'POST',
    '/auth/delegated-keys',
    { cardId, accountId, nickname: 'k' },
  ],
  [
    'a body on a delegated key revoke',
    'DELETE',
    `/auth/delegated-keys/${delegatedKeyId}`,
    { reason: 'lost' },
  ],
  // customers
  [
    'a customer change of email and phone at once',
    'PATCH',
    `/customers/${customerId}`,
    { customerType: 'INDIVIDUAL', email: 'a@example.com', phoneNumber: '+14155550100' },
  ],
  ['a customer change of neither', 'PATCH', `/customers/${customerId}`, { customerType: 'INDIVIDUAL' }],
  [
    'a customer change of the name',
    'PATCH',
    `/customers/${customerId}`,
    { customerType: 'INDIVIDUAL', fullName: 'Mallory' },
  ],
  [
    'a customer change of the email and the address',
    'PATCH',
    `/customers/${customerId}`,
    { customerType: 'INDIVIDUAL', email: 'a@example.com', address: { country: 'FR' } },
  ],
  [
    'a customer change to a malformed email',
    'PATCH',
    `/customers/${customerId}`,
    { customerType: 'INDIVIDUAL', email: 'not-an-email' },
  ],
  [
    'a customer change to a phone not in E.164',
    'PATCH',
    `/customers/${customerId}`,
    { customerType: 'INDIVIDUAL', phoneNumber: '415 555 0100' },
  ],
  ['a customer change without customerType', 'PATCH', `/customers/${customerId}`, { email: 'a@example.com' }],
  // internal accounts
  ['the privacy body we used to guess', 'PATCH', `/internal-accounts/${accountId}`, { privacy: 'PRIVATE' }],
  [
    'privateEnabled that is not a boolean',
    'PATCH',
    `/internal-accounts/${accountId}`,
    { privateEnabled: 'yes' },
  ],
  ['an account update with nothing to update', 'PATCH', `/internal-accounts/${accountId}`, {}],
  [
    'an account update naming another account',
    'PATCH',
    `/internal-accounts/${accountId}`,
    { privateEnabled: true, accountId: other.accountId },
  ],
  [
    'an export to a compressed key',
    'POST',
    `/internal-accounts/${accountId}/export`,
    { clientPublicKey: COMPRESSED_KEY },
  ],
  ['an export to no key', 'POST', `/internal-accounts/${accountId}/export`, {}],
  // quotes
  [
    'a real-time-funding quote for nobody (the platform)',
    'POST',
    '/quotes',
    quote({ source: { sourceType: 'REALTIME_FUNDING', currency: 'USD' } }),
  ],
  ['a quote naming its customer outside the source', 'POST', '/quotes', quote({ customerId })],
  ['a quote naming its account outside the source', 'POST', '/quotes', quote({ accountId })],
  [
    'a quote overriding the platform fee',
    'POST',
    '/quotes',
    quote({
      platformFeeOverride: { platformFixedFee: { amount: 0, currency: 'USD' }, platformVariableFeeBps: 0 },
    }),
  ],
  [
    'an account source without its account',
    'POST',
    '/quotes',
    quote({ source: { sourceType: 'ACCOUNT', customerId } }),
  ],
  [
    'a source of an unknown type',
    'POST',
    '/quotes',
    quote({ source: { sourceType: 'UMA_ADDRESS', umaAddress: '$a@b.c', customerId } }),
  ],
  [
    'a source with an unknown member',
    'POST',
    '/quotes',
    quote({ source: { sourceType: 'ACCOUNT', accountId, ownerId: customerId } }),
  ],
  [
    'a destination of an unknown type',
    'POST',
    '/quotes',
    quote({ destination: { destinationType: 'IBAN', iban: 'FR76' } }),
  ],
  ['an amount of 0', 'POST', '/quotes', quote({ lockedCurrencyAmount: 0 })],
  ['an amount that is not whole', 'POST', '/quotes', quote({ lockedCurrencyAmount: 1.5 })],
  ['an amount as a string', 'POST', '/quotes', quote({ lockedCurrencyAmount: '100' })],
  ['a TOTP factor for a payment', 'POST', '/quotes', quote({ scaFactor: 'TOTP' })],
  ['no locked side', 'POST', '/quotes', quote({ lockedCurrencySide: undefined })],
  ['an execute with a TOTP factor', 'POST', `/quotes/${quoteId}/execute`, { scaFactor: 'TOTP' }],
  ['an execute with an unknown member', 'POST', `/quotes/${quoteId}/execute`, { amount: 1 }],
  ['the SCA proof we used to guess', 'POST', `/quotes/${quoteId}/authorize`, { otpCode: '123456' }],
  ['an SCA proof with nothing', 'POST', `/quotes/${quoteId}/authorize`, {}],
  [
    'an SCA proof with a code and a passkey',
    'POST',
    `/quotes/${quoteId}/authorize`,
    { code: '123456', passkeyAssertion: {}, origin: 'https://app.test' },
  ],
  [
    'a passkey SCA proof without its origin',
    'POST',
    `/quotes/${quoteId}/authorize`,
    { passkeyAssertion: { id: 'AQ' } },
  ],
  [
    'a code SCA proof with an origin',
    'POST',
    `/quotes/${quoteId}/authorize`,
    { code: '123456', origin: 'https://app.test' },
  ],
]

function payload(body: unknown): BodyInit | undefined {
  if (body === undefined) return undefined
  if (body instanceof Uint8Array || typeof body === 'string') return body as BodyInit
  return JSON.stringify(body)
}

describe('queries and bodies that do not fit the operation', () => {
  it.each([...QUERIES, ...BODIES])(
    'refuses %s with 400 INVALID_INPUT, before the hook and the service',
    async (_name, method, path, body) => {
      let asked = false
      const { relay, seen, lookups } = fakeService(undefined, { authorize: () => (asked = true) })
      const response = await relay(
        new Request(`http://app.test${path}`, {
          method,
          body: payload(body),
          headers: { 'Content-Type': 'application/json' },
        }),
      )
      expect(await response.json()).toEqual({
        status: 400,
        code: 'INVALID_INPUT',
        message: expect.any(String),
      })
      expect([asked, seen.length, lookups.length]).toEqual([false, 0, 0])
    },
  )
})

describe('what fits is forwarded byte for byte', () => {
  it.each<[string, string, string, unknown]>([
    ['an EMAIL_OTP credential', 'POST', '/auth/credentials', { type: 'EMAIL_OTP', accountId }],
    [
      'an OAuth credential',
      'POST',
      '/auth/credentials',
      { type: 'OAUTH', accountId, oidcToken: 'eyJ.eyJ.sig' },
    ],
    ['a passkey credential', 'POST', '/auth/credentials', passkey],
    [
      'a passkey without transports',
      'POST',
      '/auth/credentials',
      { ...passkey, attestation: { ...attestation, transports: undefined } },
    ],
    [
      'an SMS_OTP verify',
      'POST',
      `/auth/credentials/${credentialId}/verify`,
      { type: 'SMS_OTP', encryptedOtpBundle: '{"a":1}' },
    ],
    [
      'an OAuth verify, sealed mode',
      'POST',
      `/auth/credentials/${credentialId}/verify`,
      { type: 'OAUTH', oidcToken: 'a.b.c', clientPublicKey: UNCOMPRESSED_KEY },
    ],
    [
      'a passkey verify',
      'POST',
      `/auth/credentials/${credentialId}/verify`,
      {
        type: 'PASSKEY',
        assertion: {
          credentialId: 'AQ',
          clientDataJson: 'AQ',
          authenticatorData: 'AQ',
          signature: 'AQ',
          userHandle: 'dXNlcg',
        },
      },
    ],
    [
      'a passkey challenge',
      'POST',
      `/auth/credentials/${credentialId}/challenge`,
      { clientPublicKey: COMPRESSED_KEY },
    ],
    ['an empty challenge object', 'POST', `/auth/credentials/${credentialId}/challenge`, {}],
    [
      'a phone change',
      'PATCH',
      `/customers/${customerId}`,
      { customerType: 'INDIVIDUAL', phoneNumber: '+14155550100' },
    ],
    ['privacy off', 'PATCH', `/internal-accounts/${accountId}`, { privateEnabled: false }],
    [
      'a real-time-funding quote for the user',
      'POST',
      '/quotes',
      quote({
        source: { sourceType: 'REALTIME_FUNDING', customerId, currency: 'USDC', cryptoNetwork: 'SOLANA' },
      }),
    ],
    [
      'a quote with every optional member a browser may set',
      'POST',
      '/quotes',
      quote({
        source: { sourceType: 'ACCOUNT', accountId, customerId },
        destination: { destinationType: 'ACCOUNT', accountId: 'ExternalAccount:1', paymentRail: 'ACH' },
        lookupId: 'Lookup:1',
        immediatelyExecute: false,
        description: 'Rent',
        remittanceInformation: 'INV-1',
        purposeOfPayment: 'GIFT',
        scaFactor: 'PASSKEY',
        senderCustomerInfo: { FULL_NAME: 'Ada' },
      }),
    ],
    ['an execute choosing the passkey', 'POST', `/quotes/${quoteId}/execute`, { scaFactor: 'PASSKEY' }],
    [
      'an SCA code with the end user’s address',
      'POST',
      `/quotes/${quoteId}/authorize`,
      { code: '123456', endUserIpAddress: '203.0.113.42' },
    ],
    [
      'a passkey SCA proof',
      'POST',
      `/quotes/${quoteId}/authorize`,
      { passkeyAssertion: { id: 'AQ', response: {} }, origin: 'https://app.test', code: null },
    ],
  ])('%s', async (_name, method, path, body) => {
    const { relay, seen } = fakeService()
    const bytes = ` ${JSON.stringify(body)}\n`
    const response = await relay(new Request(`http://app.test${path}`, json(method, bytes)))
    expect(response.status).toBe(200)
    expect(await seen[0]?.text()).toBe(bytes)
  })

  it('forwards an execute without a body as one without a body', async () => {
    const { relay, seen } = fakeService()
    expect(
      (await relay(new Request(`http://app.test/quotes/${quoteId}/execute`, { method: 'POST' }))).status,
    ).toBe(200)
    expect(seen[0]?.body).toBeNull()
  })
})
