// Beneficiary trust through relay and sandbox. The routes name no customer: the external account's
// owner is who the hook (and `isOwnedBy`) judges, so another customer's account is refused before
// anything is forwarded. Trusting lets later payments to the account go without a code, so its
// confirm goes on only once a live session key of the owner signed the relay's own activity naming
// the account (a script holding the cookie and a code it saw cannot do it alone); untrusting only
// brings the code back and needs no such confirmation.
import { describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { RELAY_ACTIVITY_TYPES } from '../../src/intent/relayActivityTypes.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { createRelay, type RelayAuthorize } from '../../src/relay/index.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { createExternalAccount } from '../sandbox/harness.js'
import { SCA_CODE, uniquePhone } from '../sandbox/scaCustomer.js'
import {
  json,
  otpSignInThroughRelay,
  type RelayHarness,
  startRelayHarness,
  type TestUser,
  USER_HEADER,
} from './relayHarness.js'

const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }

type Payer = TestUser & { key: SessionKey; externalAccountId: string }

/** Two EU customers signed in through the relay, each with a verified phone and a EUR payee of its own. */
async function world() {
  const r = await startRelayHarness()
  const payer = async (name: string): Promise<Payer> => {
    const user = await r.addUser(name, { address: PARIS, phoneNumber: uniquePhone() })
    const { key } = await otpSignInThroughRelay(r, user)
    const view = await r.h.call('GET', `/customers/${user.customerId}`)
    if ((view.body.contactVerification as { phone?: string } | undefined)?.phone === 'PENDING') {
      expect((await r.h.call('POST', `/customers/${user.customerId}/verify-phone`)).status).toBe(204)
      const confirmed = await r.h.call('POST', `/customers/${user.customerId}/verify-phone/confirm`, {
        code: SCA_CODE,
      })
      expect(confirmed.status).toBe(200)
    }
    const externalAccountId = await createExternalAccount(r.h, user.customerId, '000123456', 'EUR')
    user.owned.externalAccountIds.add(externalAccountId)
    return { ...user, key, externalAccountId }
  }
  return { r, ada: await payer('ada'), bob: await payer('bob') }
}

const trustPath = (r: RelayHarness, id: string, act: string) =>
  `${r.appBase}/customers/external-accounts/${id}/${act}`
const forwardedTrusts = (r: RelayHarness) =>
  r.upstream.filter(
    (call) => call.method === 'POST' && /\/(un)?trust(\/confirm)?$/.test(new URL(call.url).pathname),
  )

/** Starts `act` on the account with `user`'s cookie: the challenge's id. */
async function started(r: RelayHarness, user: TestUser, id: string, act: 'trust' | 'untrust') {
  const response = await r.browser(user.name)(trustPath(r, id, act), { method: 'POST' })
  expect(response.status).toBe(200)
  return ((await response.json()).scaChallenge as { id: string }).id
}

describe('beneficiary trust through the relay', () => {
  it('trusts only once the owner’s session key confirmed the relay’s activity naming the account', async () => {
    const { r, ada, bob } = await world()
    const challengeId = await started(r, ada, ada.externalAccountId, 'trust')
    const body = { challengeId, code: SCA_CODE }
    const path = trustPath(r, ada.externalAccountId, 'trust/confirm')
    const cookieAlone = () => r.browser(ada.name)(path, json('POST', body))

    // The cookie and the right code alone get the relay's challenge; nothing goes on.
    const before = forwardedTrusts(r).length
    const challenged = await cookieAlone()
    expect(challenged.status).toBe(202)
    const challenge = await challenged.json()
    expect(challenge.code).toBe('CONFIRMATION_REQUIRED')
    expect(JSON.parse(challenge.payloadToSign)).toMatchObject({
      type: RELAY_ACTIVITY_TYPES.trustBeneficiary,
      parameters: {
        externalAccountId: ada.externalAccountId,
        beneficiaryName: 'Grace Hopper',
        customerId: ada.customerId,
        operation: 'POST /customers/external-accounts/{externalAccountId}/trust/confirm',
        bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    })

    // Another customer's session key, a key of no session, or no signature at all confirm nothing.
    for (const key of [bob.key, await generateSessionKey()]) {
      const { payloadToSign, requestId } = await (await cookieAlone()).json()
      const retried = await r.browser(ada.name)(
        path,
        json('POST', body, {
          'Request-Id': requestId,
          [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key),
        }),
      )
      expect(retried.status).toBe(403)
      expect((await retried.json()).details).toEqual({ reason: 'NOT_A_SESSION_KEY' })
    }
    const { requestId } = await (await cookieAlone()).json()
    const unsigned = await r.browser(ada.name)(path, json('POST', body, { 'Request-Id': requestId }))
    expect([unsigned.status, (await unsigned.json()).details]).toEqual([403, { reason: 'SIGNATURE_MISSING' }])
    expect(forwardedTrusts(r)).toHaveLength(before)

    // Ada's page signs it with her session key: the service trusts the account.
    const signed = withWalletSignature(r.browser(ada.name), {
      getKey: () => ada.key,
      now: r.h.sandbox.clock.now,
    })
    const done = await signed(path, json('POST', body))
    expect([done.status, await done.json()]).toEqual([200, { trusted: true }])
    expect(forwardedTrusts(r).at(-1)?.headers['request-id']).toBeUndefined()
    const refused = await r.h.call('DELETE', `/customers/external-accounts/${ada.externalAccountId}`)
    expect(refused.body.code).toBe('BENEFICIARY_TRUSTED')

    // Untrusting needs no confirmation: the cookie and the code do it.
    const untrustId = await started(r, ada, ada.externalAccountId, 'untrust')
    const untrusted = await r.browser(ada.name)(
      trustPath(r, ada.externalAccountId, 'untrust/confirm'),
      json('POST', { challengeId: untrustId, code: SCA_CODE }),
    )
    expect([untrusted.status, await untrusted.json()]).toEqual([200, { trusted: false }])
  })

  it('refuses every trust route on another customer’s account (403) without forwarding it', async () => {
    const { r, ada, bob } = await world()
    const before = r.upstream.length
    for (const [act, init] of [
      ['trust', { method: 'POST' }],
      ['trust/confirm', json('POST', { challengeId: 'c1', code: SCA_CODE })],
      ['untrust', { method: 'POST' }],
      ['untrust/confirm', json('POST', { challengeId: 'c1', code: SCA_CODE })],
    ] as const) {
      const response = await r.browser(bob.name)(trustPath(r, ada.externalAccountId, act), init)
      expect([act, response.status]).toEqual([act, 403])
    }
    expect(r.upstream.length).toBe(before)
  })

  it('judges the account by its owner with isOwnedBy, the routes naming no customer', async () => {
    const { r, ada, bob } = await world()
    const customers = new Map([
      ['ada', ada.customerId],
      ['bob', bob.customerId],
    ])
    const authorize: RelayAuthorize = async (request, _target, { isOwnedBy }) => {
      const customerId = customers.get(request.headers.get(USER_HEADER) ?? '')
      return customerId !== undefined && isOwnedBy(customerId)
    }
    const relay = createRelay({ ...r.h.testing.relayOptions, authorize, onError: () => {} })
    const as = (user: string, id: string) =>
      relay(
        new Request(`http://app.test/customers/external-accounts/${id}/trust`, {
          method: 'POST',
          headers: { [USER_HEADER]: user },
        }),
      )
    expect((await as('ada', ada.externalAccountId)).status).toBe(200)
    expect((await as('ada', bob.externalAccountId)).status).toBe(403)
    expect((await as('ada', 'ExternalAccount:00000000-0000-4000-8000-000000000000')).status).toBe(403)
    expect((await as('bob', bob.externalAccountId)).status).toBe(200)
  })

  it('refuses bodies the contract does not define, before the hook', async () => {
    const { r, ada } = await world()
    const before = r.targets.length
    for (const [act, body] of [
      ['trust', { code: SCA_CODE }],
      ['trust/confirm', { challengeId: 'c1' }],
      ['trust/confirm', { code: SCA_CODE, passkeyAssertion: {}, origin: 'https://app.test' }],
      ['untrust/confirm', { code: SCA_CODE, customerId: ada.customerId }],
      ['untrust/confirm', undefined],
    ] as const) {
      const response = await r.browser(ada.name)(trustPath(r, ada.externalAccountId, act), json('POST', body))
      expect([act, response.status, (await response.json()).code]).toEqual([act, 400, 'INVALID_INPUT'])
    }
    const withQuery = await r.browser(ada.name)(
      `${trustPath(r, ada.externalAccountId, 'trust')}?customerId=${ada.customerId}`,
      { method: 'POST' },
    )
    expect(withQuery.status).toBe(400)
    expect(r.targets.length).toBe(before)
  })
})
