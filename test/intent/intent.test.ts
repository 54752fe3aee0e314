import { describe, expect, it } from 'vitest'
import { requestIntent } from '../../src/client/requestIntent.js'
import { checkVerificationToken } from '../../src/client/verificationTokenIntent.js'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import type { ActivityExpectation } from '../../src/intent/activityExpectation.js'
import { checkPayload } from '../../src/intent/checkPayload.js'
import { readActivity } from '../../src/intent/readActivity.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { expectCode } from '../helpers/expectCode.js'

const ORG = 'Organization:0195a1'

const activity = (type: string, parameters: Record<string, unknown>, organizationId = ORG) =>
  JSON.stringify({ organizationId, parameters, timestampMs: '1775681700000', type })

const exportExpectation = {
  type: 'ACTIVITY_TYPE_EXPORT_WALLET',
  organizationId: ORG,
  parameters: { targetPublicKey: '04aa' },
}

describe('readActivity', () => {
  it.each([
    ['not JSON', 'sign me'],
    ['an array', '[]'],
    ['no type', JSON.stringify({ organizationId: ORG, parameters: {}, timestampMs: '1' })],
    ['no organization', JSON.stringify({ parameters: {}, timestampMs: '1', type: 'T' })],
    [
      'parameters not an object',
      JSON.stringify({ organizationId: ORG, parameters: [], timestampMs: '1', type: 'T' }),
    ],
    ['no timestamp', JSON.stringify({ organizationId: ORG, parameters: {}, type: 'T' })],
  ])('refuses %s as PAYLOAD_MISMATCH of the payload', async (_, payload) => {
    const error = await expectCode(() => readActivity(payload), 'PAYLOAD_MISMATCH')
    expect(error.details?.field).toBe('payload')
  })

  it('reads the activity the service issues', () => {
    expect(readActivity(activity('ACTIVITY_TYPE_X', { a: 1 }))).toEqual({
      organizationId: ORG,
      type: 'ACTIVITY_TYPE_X',
      parameters: { a: 1 },
      timestampMs: '1775681700000',
    })
  })
})

describe('checkPayload', () => {
  it('accepts the activity the request meant, with members it does not bind', () => {
    const payload = activity('ACTIVITY_TYPE_EXPORT_WALLET', {
      targetPublicKey: '04aa',
      walletId: 'w',
      requestId: 'r',
    })
    expect(checkPayload(payload, exportExpectation).type).toBe('ACTIVITY_TYPE_EXPORT_WALLET')
  })

  it.each([
    ['type', activity('ACTIVITY_TYPE_DELETE_API_KEYS', { targetPublicKey: '04aa' })],
    [
      'organizationId',
      activity('ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: '04aa' }, 'Organization:other'),
    ],
    ['parameters.targetPublicKey', activity('ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: '04bb' })],
    ['parameters.targetPublicKey', activity('ACTIVITY_TYPE_EXPORT_WALLET', {})],
  ])('names %s when it differs', async (field, payload) => {
    const error = await expectCode(() => checkPayload(payload, exportExpectation), 'PAYLOAD_MISMATCH')
    expect(error.details?.field).toBe(field)
  })

  it('matches arrays by length and element, nested objects by the members named', async () => {
    const expectation = {
      type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      parameters: { authenticators: [{ attestation: { credentialId: 'cred-1' } }] },
    }
    const one = (credentialId: string) => ({ attestation: { credentialId, clientDataJson: 'x' } })
    expect(() =>
      checkPayload(activity(expectation.type, { authenticators: [one('cred-1')] }), expectation),
    ).not.toThrow()
    for (const authenticators of [[one('cred-2')], [one('cred-1'), one('cred-2')], [], 'cred-1']) {
      const error = await expectCode(
        () => checkPayload(activity(expectation.type, { authenticators }), expectation),
        'PAYLOAD_MISMATCH',
      )
      expect(error.details?.field).toMatch(/^parameters\.authenticators/)
    }
  })

  it('takes a predicate for a value the client cannot know', async () => {
    const expectation = {
      type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      parameters: { userEmail: (value: unknown) => typeof value === 'string' && value !== '' },
    }
    expect(() => checkPayload(activity(expectation.type, { userEmail: 'a@b.c' }), expectation)).not.toThrow()
    await expectCode(
      () => checkPayload(activity(expectation.type, { userEmail: '' }), expectation),
      'PAYLOAD_MISMATCH',
    )
  })

  it('holds when one of several expectations does, and tells the closest refusal otherwise', async () => {
    const expectations: ActivityExpectation[] = [
      { type: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS', parameters: { authenticatorIds: ['c1'] } },
      { type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS', parameters: { providerIds: ['c1'] } },
    ]
    expect(() =>
      checkPayload(activity('ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS', { providerIds: ['c1'] }), expectations),
    ).not.toThrow()
    const error = await expectCode(
      () =>
        checkPayload(activity('ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS', { providerIds: ['c2'] }), expectations),
      'PAYLOAD_MISMATCH',
    )
    expect(error.details?.field).toBe('parameters.providerIds[0]')
  })
})

/** A service that answers every first call with a 202 for `payloadToSign`, and counts signed retries. */
function challengingService(payloads: string[]) {
  let leg = 0
  const signed: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const signature = request.headers.get('Service-Wallet-Signature')
    if (signature) signed.push(signature)
    const payloadToSign = payloads[leg++]
    if (payloadToSign === undefined) return new Response(null, { status: 204 })
    return Response.json(
      {
        payloadToSign,
        requestId: `Request:${crypto.randomUUID()}`,
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      },
      { status: 202 },
    )
  }
  return { fetch, signed }
}

describe('withWalletSignature with expect', () => {
  it('signs the payload the request meant', async () => {
    const key = await generateSessionKey()
    const service = challengingService([activity('ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: '04aa' })])
    const signedFetch = withWalletSignature(service.fetch, { getKey: () => key, expect: exportExpectation })
    expect((await signedFetch('https://relay.test/x', { method: 'POST', body: '{}' })).status).toBe(204)
    expect(service.signed).toHaveLength(1)
  })

  it('refuses another payload before the key is asked for, and sends nothing signed', async () => {
    const service = challengingService([activity('ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: '04bb' })])
    let asked = 0
    const signedFetch = withWalletSignature(service.fetch, {
      getKey: () => {
        asked++
        return undefined
      },
      expect: exportExpectation,
    })
    await expectCode(
      () => signedFetch('https://relay.test/x', { method: 'POST', body: '{}' }),
      'PAYLOAD_MISMATCH',
    )
    expect(asked).toBe(0)
    expect(service.signed).toHaveLength(0)
  })

  it('checks every leg of a flow, with a checker function told the leg and the request', async () => {
    const key = await generateSessionKey()
    const service = challengingService([
      activity('ACTIVITY_TYPE_CREATE_USERS_V3', {}),
      activity('ACTIVITY_TYPE_EXPORT_WALLET', { targetPublicKey: '04aa' }),
    ])
    const legs: Array<[number, string, string]> = []
    const signedFetch = withWalletSignature(service.fetch, {
      getKey: () => key,
      expect: (payload, leg) => {
        legs.push([leg.index, leg.request.method, new TextDecoder().decode(leg.body)])
        checkPayload(payload, {
          type: leg.index === 0 ? 'ACTIVITY_TYPE_CREATE_USERS_V3' : 'ACTIVITY_TYPE_CREATE_POLICIES',
        })
      },
    })
    await expectCode(
      () => signedFetch('https://relay.test/x', { method: 'POST', body: '{"a":1}' }),
      'PAYLOAD_MISMATCH',
    )
    expect(legs).toEqual([
      [0, 'POST', '{"a":1}'],
      [1, 'POST', '{"a":1}'],
    ])
    // The first leg was signed; the second, swapped, was not.
    expect(service.signed).toHaveLength(1)
  })
})

describe('requestIntent', () => {
  const intent = (method: string, path: string, body?: unknown, leg = 0) =>
    requestIntent({ method, path, body, leg })

  it('reads the route from the end of the path, behind any relay prefix, ids percent-decoded', () => {
    expect(intent('DELETE', '/api/wallet/auth/sessions/Session%3A0195')).toEqual([
      { type: 'ACTIVITY_TYPE_DELETE_API_KEYS', parameters: { apiKeyIds: ['Session:0195'] } },
    ])
    expect(intent('post', '/x/internal-accounts/I/export', { clientPublicKey: '04aa' })).toEqual([
      { type: 'ACTIVITY_TYPE_EXPORT_WALLET', parameters: { targetPublicKey: '04aa' } },
    ])
  })

  it('expects nothing on a route it does not know, past a route’s last leg, or without what the route binds', () => {
    expect(intent('POST', '/auth/credentials/AuthMethod:1/verify', { clientPublicKey: '02aa' })).toEqual([])
    expect(intent('GET', '/internal-accounts/I')).toEqual([])
    expect(intent('POST', '/somewhere/else', {})).toEqual([])
    expect(intent('DELETE', '/auth/sessions/S', undefined, 1)).toEqual([])
    expect(intent('POST', '/auth/delegated-keys', {}, 2)).toEqual([])
    expect(intent('POST', '/internal-accounts/I/export', {})).toEqual([])
    expect(intent('PATCH', '/customers/C', { email: 'a@b.c', phoneNumber: '+1555' })).toEqual([])
    expect(intent('PATCH', '/customers/C', { customerType: 'INDIVIDUAL' })).toEqual([])
    expect(intent('POST', '/auth/credentials', { type: 'PASSKEY', attestation: {} })).toEqual([])
    expect(intent('DELETE', '/auth/sessions/%E0%A4%A')).toEqual([])
  })

  it("holds a reset's completion to the reset in its path and the phone in its body, or to no phone", async () => {
    const sha = 'ab'.repeat(32)
    const complete = (path: string, body: unknown, leg = 0) =>
      requestIntent({ method: 'POST', path, body, leg, search: '?customerId=Customer%3A1', bodySha256: sha })
    const relayActivity = (parameters: Record<string, unknown>) =>
      activity(
        'ACTIVITY_TYPE_RELAY_RESET_SCA_FACTOR',
        {
          bodySha256: sha,
          customerId: 'Customer:1',
          nonce: '00',
          operation: 'POST /sca/factors/reset/{resetId}/complete',
          ...parameters,
        },
        'relay',
      )
    const sms = complete('/wallet/sca/factors/reset/ScaReset%3A1/complete', {
      mobile: { countryCode: '+33', number: '612345678' },
    })
    const other = complete('/wallet/sca/factors/reset/ScaReset%3A1/complete', undefined)
    expect(
      checkPayload(relayActivity({ resetId: 'ScaReset:1', userPhoneNumber: '+33612345678' }), sms).type,
    ).toBe('ACTIVITY_TYPE_RELAY_RESET_SCA_FACTOR')
    checkPayload(relayActivity({ resetId: 'ScaReset:1' }), other)
    for (const [parameters, expected, field] of [
      [{ resetId: 'ScaReset:2', userPhoneNumber: '+33612345678' }, sms, 'parameters.resetId'],
      [{ resetId: 'ScaReset:1', userPhoneNumber: '+33612345679' }, sms, 'parameters.userPhoneNumber'],
      [{ resetId: 'ScaReset:1' }, sms, 'parameters.userPhoneNumber'],
      [{ resetId: 'ScaReset:1', userPhoneNumber: '+33612345678' }, other, 'parameters.userPhoneNumber'],
    ] as const) {
      const error = await expectCode(
        () => checkPayload(relayActivity(parameters), expected),
        'PAYLOAD_MISMATCH',
      )
      expect(error.details?.field).toBe(field)
    }
    // Nothing without the customer, past the first leg, or with a phone in one part only.
    expect(
      requestIntent({ method: 'POST', path: '/sca/factors/reset/R/complete', body: undefined, leg: 0 }),
    ).toEqual([])
    expect(complete('/sca/factors/reset/R/complete', undefined, 1)).toEqual([])
    expect(complete('/sca/factors/reset/R/complete', { mobile: { countryCode: '+33' } })).toEqual([])
    expect(complete('/sca/factors/reset/R/complete', { mobile: '+33612345678' })).toEqual([])
  })

  it("holds a beneficiary's trust to the account in its path, the customer being the relay's to find", async () => {
    const sha = 'cd'.repeat(32)
    const confirm = (path: string, leg = 0) =>
      requestIntent({ method: 'POST', path, body: { code: '123456' }, leg, bodySha256: sha })
    const trust = (parameters: Record<string, unknown>) =>
      activity(
        'ACTIVITY_TYPE_RELAY_TRUST_BENEFICIARY',
        {
          bodySha256: sha,
          customerId: 'Customer:1',
          nonce: '00',
          operation: 'POST /customers/external-accounts/{externalAccountId}/trust/confirm',
          ...parameters,
        },
        'relay',
      )
    const expected = confirm('/wallet/customers/external-accounts/ExternalAccount%3A1/trust/confirm')
    checkPayload(trust({ externalAccountId: 'ExternalAccount:1', beneficiaryName: 'Grace Hopper' }), expected)
    checkPayload(trust({ externalAccountId: 'ExternalAccount:1' }), expected)
    for (const [parameters, field] of [
      [{ externalAccountId: 'ExternalAccount:2' }, 'parameters.externalAccountId'],
      [{ externalAccountId: 'ExternalAccount:1', bodySha256: 'ef'.repeat(32) }, 'parameters.bodySha256'],
      [{ externalAccountId: 'ExternalAccount:1', customerId: '' }, 'parameters.customerId'],
    ] as const) {
      const error = await expectCode(() => checkPayload(trust(parameters), expected), 'PAYLOAD_MISMATCH')
      expect(error.details?.field).toBe(field)
    }
    // Past the first leg nothing; untrusting has no activity to sign.
    expect(confirm('/customers/external-accounts/E/trust/confirm', 1)).toEqual([])
    expect(confirm('/customers/external-accounts/E/untrust/confirm')).toEqual([])
  })

  it('makes checkPayload refuse whatever comes when nothing is expected', async () => {
    const error = await expectCode(
      () => checkPayload(activity('ACTIVITY_TYPE_EXPORT_WALLET', {}), intent('POST', '/somewhere/else')),
      'PAYLOAD_MISMATCH',
    )
    expect(error.details?.field).toBe('type')
  })
})

describe('checkVerificationToken', () => {
  const token = (claims: unknown) => `e30.${bytesToBase64Url(utf8(JSON.stringify(claims)))}.c2ln`

  it('accepts the token naming the TEK, compressed or not, and nothing else', async () => {
    const tek = await generateSessionKey()
    const uncompressed = tek.publicKeyUncompressed
    expect(() =>
      checkVerificationToken(token({ publicKey: tek.publicKey }), { tekPublicKey: tek.publicKey, leg: 0 }),
    ).not.toThrow()
    expect(() =>
      checkVerificationToken(token({ public_key: uncompressed.toUpperCase() }), {
        tekPublicKey: tek.publicKey,
        leg: 0,
      }),
    ).not.toThrow()
    const other = await generateSessionKey()
    for (const payload of [
      token({ publicKey: other.publicKey }),
      token({}),
      activity('ACTIVITY_TYPE_OTP_LOGIN', { publicKey: tek.publicKey }),
      'a.b',
    ]) {
      await expectCode(
        () => checkVerificationToken(payload, { tekPublicKey: tek.publicKey, leg: 0 }),
        'PAYLOAD_MISMATCH',
      )
    }
    await expectCode(
      () =>
        checkVerificationToken(token({ publicKey: tek.publicKey }), { tekPublicKey: tek.publicKey, leg: 1 }),
      'PAYLOAD_MISMATCH',
    )
  })
})
