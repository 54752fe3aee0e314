// An SCA factor's reset through relay and sandbox: start and poll on the customer's cookie, judged
// by the customerId they name; the completion, which clears the lost factor and for SMS makes the
// `mobile` it names the phone the customer's codes go to, goes on only once a live session key of
// that customer signed the relay's own activity for it (a takeover-grade act, as a factor's
// enrolment or removal is).
import { describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { RELAY_ACTIVITY_TYPES } from '../../src/intent/relayActivityTypes.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { RESET_LIVENESS_MS } from '../../src/sandbox/sca/factorResetRoutes.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { SCA_CODE, uniquePhone } from '../sandbox/scaCustomer.js'
import {
  json,
  otpSignInThroughRelay,
  type RelayHarness,
  startRelayHarness,
  type TestUser,
} from './relayHarness.js'
import { fakeService, partyIds } from './relayRequests.js'

const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }

type User = TestUser & { key: SessionKey }

/** Two EU customers signed in through the relay, each with a verified phone (its SMS factor). */
async function world() {
  const r = await startRelayHarness()
  const signedIn = async (name: string): Promise<User> => {
    const user = await r.addUser(name, { address: PARIS, phoneNumber: uniquePhone() })
    const { key } = await otpSignInThroughRelay(r, user)
    // Verified at creation or by its code, as the sandbox has it: either way an SMS factor.
    const view = await r.h.call('GET', `/customers/${user.customerId}`)
    const phone = (view.body.contactVerification as { phone?: string } | undefined)?.phone
    if (phone === 'PENDING') {
      expect((await r.h.call('POST', `/customers/${user.customerId}/verify-phone`)).status).toBe(204)
      const code = { code: SCA_CODE }
      expect(
        (await r.h.call('POST', `/customers/${user.customerId}/verify-phone/confirm`, code)).status,
      ).toBe(200)
    }
    return { ...user, key }
  }
  return { r, ada: await signedIn('ada'), bob: await signedIn('bob') }
}

const q = (user: TestUser) => `?customerId=${user.customerId}`
const phoneOf = async (r: RelayHarness, user: TestUser) =>
  (await r.h.call('GET', `/customers/${user.customerId}`)).body.phoneNumber
const completions = (r: RelayHarness) =>
  r.upstream.filter((call) => call.method === 'POST' && new URL(call.url).pathname.endsWith('/complete'))

/** A reset of `factor` started and polled through the relay with `user`'s cookie, liveness passed. */
async function readyReset(r: RelayHarness, user: TestUser, factor: string): Promise<string> {
  const page = r.browser(user.name)
  const started = await page(`${r.appBase}/sca/factors/reset${q(user)}`, json('POST', { factor }))
  expect(started.status).toBe(201)
  const { resetId } = (await started.json()) as { resetId: string }
  const poll = async () =>
    (await (await page(`${r.appBase}/sca/factors/reset/${resetId}${q(user)}`)).json()).status
  expect(await poll()).toBe('INITIATED')
  r.h.sandbox.clock.advance(RESET_LIVENESS_MS)
  expect(await poll()).toBe('LIVENESS_PASSED')
  return resetId
}

describe('an SCA factor reset through the relay', () => {
  it('completes an SMS reset, moving the phone, only once the customer’s session key confirmed it', async () => {
    const { r, ada, bob } = await world()
    const resetId = await readyReset(r, ada, 'SMS_OTP')
    const phoneBefore = await phoneOf(r, ada)
    const mobile = { countryCode: '+33', number: '612345678' }
    const path = `${r.appBase}/sca/factors/reset/${resetId}/complete${q(ada)}`
    const cookieAlone = () => r.browser(ada.name)(path, json('POST', { mobile }))

    // The cookie alone gets the relay's challenge, naming the reset and the new phone; nothing goes on.
    const challenged = await cookieAlone()
    expect(challenged.status).toBe(202)
    const challenge = await challenged.json()
    expect(challenge.code).toBe('CONFIRMATION_REQUIRED')
    expect(JSON.parse(challenge.payloadToSign)).toMatchObject({
      type: RELAY_ACTIVITY_TYPES.resetScaFactor,
      parameters: {
        resetId,
        userPhoneNumber: '+33612345678',
        customerId: ada.customerId,
        operation: 'POST /sca/factors/reset/{resetId}/complete',
        bodySha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      },
    })

    // Another customer's session key, or a key of no session, confirms nothing.
    for (const key of [bob.key, await generateSessionKey()]) {
      const { payloadToSign, requestId } = await (await cookieAlone()).json()
      const retried = await r.browser(ada.name)(
        path,
        json(
          'POST',
          { mobile },
          { 'Request-Id': requestId, [WALLET_SIGNATURE_HEADER]: await stamp(payloadToSign, key) },
        ),
      )
      expect(retried.status).toBe(403)
      expect((await retried.json()).details).toEqual({ reason: 'NOT_A_SESSION_KEY' })
    }
    expect(completions(r)).toHaveLength(0)
    expect(await phoneOf(r, ada)).toBe(phoneBefore)

    // Ada's page signs it with her session key: the service completes the reset.
    const signed = withWalletSignature(r.browser(ada.name), { getKey: () => ada.key })
    expect((await signed(path, json('POST', { mobile }))).status).toBe(204)
    expect(await phoneOf(r, ada)).toBe('+33612345678')
    expect(completions(r)).toHaveLength(1)
    expect(completions(r)[0]?.headers['request-id']).toBeUndefined()
  })

  it('confirms a TOTP reset sent without a body, whose activity names no phone', async () => {
    const { r, ada } = await world()
    const totp = await r.h.call('POST', `/sca/factors${q(ada)}`, { type: 'TOTP' })
    const confirm = { type: 'TOTP', secret: totp.body.secret, code: SCA_CODE }
    expect((await r.h.call('POST', `/sca/factors/confirm${q(ada)}`, confirm)).status).toBe(200)
    const resetId = await readyReset(r, ada, 'TOTP')
    const path = `${r.appBase}/sca/factors/reset/${resetId}/complete${q(ada)}`
    const challenged = await r.browser(ada.name)(path, { method: 'POST' })
    expect(challenged.status).toBe(202)
    const { parameters } = JSON.parse((await challenged.json()).payloadToSign)
    expect(parameters).toMatchObject({ resetId })
    expect(parameters).not.toHaveProperty('userPhoneNumber')
    const signed = withWalletSignature(r.browser(ada.name), { getKey: () => ada.key })
    expect((await signed(path, { method: 'POST' })).status).toBe(204)
    const factors = await r.h.call('GET', `/sca/factors${q(ada)}`)
    expect((factors.body.factors as { factor: string }[]).map((f) => f.factor)).toEqual(['SMS_OTP'])
  })

  it('refuses every reset route for another customer (403) without forwarding it', async () => {
    const { r, ada } = await world()
    const resetId = await readyReset(r, ada, 'SMS_OTP')
    const before = r.upstream.length
    const page = r.browser('bob')
    for (const [path, init] of [
      [`/sca/factors/reset${q(ada)}`, json('POST', { factor: 'SMS_OTP' })],
      [`/sca/factors/reset/${resetId}${q(ada)}`, { method: 'GET' }],
      [
        `/sca/factors/reset/${resetId}/complete${q(ada)}`,
        json('POST', { mobile: { countryCode: '+33', number: '600000000' } }),
      ],
    ] as const) {
      const response = await page(`${r.appBase}${path}`, init)
      expect([path, response.status]).toEqual([path, 403])
    }
    expect(r.upstream.length).toBe(before)
  })
})

describe('reset requests that do not fit the contract', () => {
  const customerId = partyIds(1).customerId
  const query = `?customerId=${customerId}`
  const complete = `/sca/factors/reset/ScaReset:1/complete${query}`
  it.each([
    ['a start for an unknown factor', 'POST', `/sca/factors/reset${query}`, { factor: 'EMAIL_OTP' }],
    ['a start without a body', 'POST', `/sca/factors/reset${query}`, undefined],
    ['a start naming no customer', 'POST', '/sca/factors/reset', { factor: 'SMS_OTP' }],
    ['a start with a member too many', 'POST', `/sca/factors/reset${query}`, { factor: 'TOTP', mobile: {} }],
    ['a poll naming no customer', 'GET', '/sca/factors/reset/ScaReset:1', undefined],
    ['a completion naming no customer', 'POST', '/sca/factors/reset/ScaReset:1/complete', undefined],
    ['a country code without +', 'POST', complete, { mobile: { countryCode: '33', number: '612345678' } }],
    ['a number with letters', 'POST', complete, { mobile: { countryCode: '+33', number: '6123x5678' } }],
    [
      'a number longer than E.164',
      'POST',
      complete,
      { mobile: { countryCode: '+331', number: '61234567890123' } },
    ],
    ['a mobile without its number', 'POST', complete, { mobile: { countryCode: '+33' } }],
    ['a completion with a member too many', 'POST', complete, { factor: 'SMS_OTP' }],
  ])('refuses %s with 400 INVALID_INPUT before the hook', async (_what, method, path, body) => {
    let asked = false
    const { relay, seen } = fakeService(undefined, { authorize: () => (asked = true) })
    const response = await relay(new Request(`http://app.test${path}`, json(method, body)))
    expect(await response.json()).toEqual({ status: 400, code: 'INVALID_INPUT', message: expect.any(String) })
    expect([asked, seen.length]).toEqual([false, 0])
  })

  it('names the customer, and the reset beside it, for the hook', async () => {
    const targets: unknown[] = []
    const { relay } = fakeService(undefined, {
      authorize: (_request, target) => {
        targets.push(target)
        return true
      },
    })
    const response = await relay(new Request(`http://app.test/sca/factors/reset/ScaReset:1${query}`))
    expect(response.status).toBe(200)
    expect(targets).toEqual([
      { operation: 'GET /sca/factors/reset/{resetId}', customerId, resetId: 'ScaReset:1', body: undefined },
    ])
  })
})
