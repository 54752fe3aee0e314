// The relay's confirmation of the acts the service carries out on the API secret alone: an SCA
// factor's enrolment or removal, and a change of the phone or email an SCA customer's codes go to.
// With the app's cookie alone each is answered with the relay's challenge and never reaches the
// service; it goes on only when a live session key of the customer the act names signed exactly it.
import { describe, expect, it } from 'vitest'
import { createWalletAuth } from '../../src/client/index.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { expectCode } from '../helpers/expectCode.js'
import { enrolScaPasskey, SCA_CODE, uniquePhone, verifyPhone } from '../sandbox/scaCustomer.js'
import { softwareAuthenticator } from '../sandbox/softwareAuthenticator.js'
import {
  json,
  otpSignInThroughRelay,
  type RelayHarness,
  startRelayHarness,
  type TestUser,
} from './relayHarness.js'

const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }
const TTL_MS = 5 * 60_000

interface Challenge {
  code: string
  payloadToSign: string
  requestId: string
  expiresAt: string
}

/** A relay in front of the sandbox whose clock the test can move, and two signed-in EU customers. */
async function world() {
  const clock = { offsetMs: 0 }
  const r = await startRelayHarness({ now: () => Date.now() + clock.offsetMs, confirmationTtlMs: TTL_MS })
  const signedIn = async (name: string) => {
    const user = await r.addUser(name, { address: PARIS, phoneNumber: uniquePhone() })
    const { key, metadata } = await otpSignInThroughRelay(r, user)
    return { ...user, key, sessionId: metadata.sessionId ?? '' }
  }
  const ada = await signedIn('ada')
  const bob = await signedIn('bob')
  return { r, clock, ada, bob }
}

type User = TestUser & { key: SessionKey; sessionId: string }

/** One act, as the page would send it for `user`: its path under the relay and its request. */
interface Act {
  name: string
  path: string
  init: RequestInit
  /** What the service shows once the act is done (or not). */
  effect: () => Promise<unknown>
}

/** A software passkey on the sandbox's relying party, and the origin it runs on. */
async function passkeyOf(r: RelayHarness) {
  const { rpId, origins } = r.h.sandbox.config
  const origin = origins[0] ?? ''
  return { authenticator: await softwareAuthenticator(rpId, origin), origin }
}

async function customerView(r: RelayHarness, user: TestUser) {
  return (await r.h.call('GET', `/customers/${user.customerId}`)).body
}

async function factors(r: RelayHarness, user: TestUser) {
  return (await r.h.call('GET', `/sca/factors?customerId=${user.customerId}`)).body.factors as {
    factor: string
    credentialId?: string
  }[]
}

const factorTypes = async (r: RelayHarness, user: TestUser) =>
  (await factors(r, user)).map((f) => f.factor).sort()

/** The four acts against `user`'s customer (a passkey factor enrolled beforehand, at the service). */
async function acts(r: RelayHarness, user: TestUser): Promise<Act[]> {
  const q = `?customerId=${user.customerId}`
  await verifyPhone(r.h, user.customerId)
  const passkey = await enrolScaPasskey(r.h, { customerId: user.customerId, ...(await passkeyOf(r)) })
  const totp = await r.h.call('POST', `/sca/factors${q}`, { type: 'TOTP' })
  expect(totp.status).toBe(200)
  return [
    {
      name: 'a TOTP enrolment',
      path: `/sca/factors/confirm${q}`,
      init: json('POST', { type: 'TOTP', secret: totp.body.secret, code: SCA_CODE }),
      effect: () => factors(r, user),
    },
    {
      name: 'a factor removal',
      path: `/sca/factors/${String(passkey.credentialId)}${q}`,
      init: { method: 'DELETE' },
      effect: () => factors(r, user),
    },
    {
      name: 'a phone change',
      path: `/customers/${user.customerId}`,
      init: json('PATCH', { customerType: 'INDIVIDUAL', phoneNumber: uniquePhone() }),
      effect: () => customerView(r, user),
    },
    {
      name: 'an email change',
      path: `/customers/${user.customerId}`,
      init: json('PATCH', { customerType: 'INDIVIDUAL', email: `moved-${crypto.randomUUID()}@example.com` }),
      effect: () => customerView(r, user),
    },
  ]
}

/** The non-GET requests that reached the service on `path`. */
const reached = (r: RelayHarness, path: string) =>
  r.upstream.filter((call) => call.method !== 'GET' && call.url.endsWith(path.split('?')[0] ?? path)).length

/** The relay's challenge for `act`, asked with `user`'s cookie. */
async function challengeOf(r: RelayHarness, user: User, act: Act): Promise<Challenge> {
  const response = await r.browser(user.name)(`${r.appBase}${act.path}`, act.init)
  expect(response.status).toBe(202)
  return (await response.json()) as Challenge
}

/** `act` retried with `headers` (and optionally another body), as `user`'s page. */
async function retry(r: RelayHarness, user: User, act: Act, headers: Record<string, string>, body?: unknown) {
  const init = { ...act.init, headers: { ...(act.init.headers as Record<string, string>), ...headers } }
  if (body !== undefined) init.body = JSON.stringify(body)
  const response = await r.browser(user.name)(`${r.appBase}${act.path}`, init)
  const text = await response.text()
  return { status: response.status, body: text ? JSON.parse(text) : {} }
}

const signedBy = async (challenge: Challenge, key: SessionKey) => ({
  [WALLET_SIGNATURE_HEADER]: await stamp(challenge.payloadToSign, key),
  'Request-Id': challenge.requestId,
})

const refused = (reason: string) => ({
  status: 403,
  body: expect.objectContaining({ code: 'CONFIRMATION_REQUIRED', details: { reason } }),
})

describe('the relay’s confirmation of SCA factor and contact changes', () => {
  it('answers each act with the cookie alone by its challenge, and nothing reaches the service', async () => {
    const { r, ada } = await world()
    for (const act of await acts(r, ada)) {
      const before = await act.effect()
      const upstream = reached(r, act.path)
      const challenge = await challengeOf(r, ada, act)
      expect(challenge.code, act.name).toBe('CONFIRMATION_REQUIRED')
      expect(await retry(r, ada, act, { 'Request-Id': challenge.requestId }), act.name).toEqual(
        refused('SIGNATURE_MISSING'),
      )
      // A made-up request id with a made-up signature is no way round it.
      const forged = { 'Request-Id': 'Request:forged', [WALLET_SIGNATURE_HEADER]: 'e30' }
      expect(await retry(r, ada, act, forged), act.name).toEqual(refused('REQUEST_ID_UNKNOWN'))
      expect(reached(r, act.path), act.name).toBe(upstream)
      expect(await act.effect(), act.name).toEqual(before)
    }
  })

  it('lets each act through once signed by a live session key of the customer', async () => {
    const { r, ada } = await world()
    const [enrol, remove, phone, email] = await acts(r, ada)
    const page = withWalletSignature(r.browser(ada.name), { getKey: () => ada.key })
    const send = (act: Act | undefined) => page(`${r.appBase}${act?.path}`, act?.init)
    expect((await send(enrol)).status).toBe(200)
    expect(await factorTypes(r, ada)).toEqual(['PASSKEY', 'SMS_OTP', 'TOTP'])
    expect((await send(remove)).status).toBe(204)
    expect(await factorTypes(r, ada)).toEqual(['SMS_OTP', 'TOTP'])
    const newPhone = JSON.parse(String(phone?.init.body)).phoneNumber
    expect((await send(phone)).status).toBe(200)
    expect((await customerView(r, ada)).phoneNumber).toBe(newPhone)
    const newEmail = JSON.parse(String(email?.init.body)).email
    expect((await send(email)).status).toBe(200)
    expect((await customerView(r, ada)).email).toBe(newEmail)
    // The email is an email OTP credential's too: the service asked for its own signature after the
    // relay's. The service never saw the relay's request ids.
    const relayIds = r.replies
      .filter((reply) => reply.status === 202 && reply.body.includes('CONFIRMATION_REQUIRED'))
      .map((reply) => JSON.parse(reply.body).requestId)
    expect(relayIds).toHaveLength(4)
    const serviceIds = r.upstream.map((call) => call.headers['request-id']).filter((id) => id !== undefined)
    expect(serviceIds.length).toBeGreaterThan(0)
    for (const id of relayIds) expect(serviceIds).not.toContain(id)
  })

  it('refuses a signature by another customer’s session key', async () => {
    const { r, ada, bob } = await world()
    for (const act of await acts(r, ada)) {
      const upstream = reached(r, act.path)
      const challenge = await challengeOf(r, ada, act)
      const answer = await retry(r, ada, act, await signedBy(challenge, bob.key))
      expect(answer, act.name).toEqual(refused('NOT_A_SESSION_KEY'))
      expect(reached(r, act.path), act.name).toBe(upstream)
    }
  })

  it('refuses a session key once the session is revoked', async () => {
    const { r, ada } = await world()
    const [, remove] = await acts(r, ada)
    if (!remove) throw new Error('no removal')
    const revoke = withWalletSignature(r.browser(ada.name), { getKey: () => ada.key })
    expect((await revoke(`${r.appBase}/auth/sessions/${ada.sessionId}`, { method: 'DELETE' })).status).toBe(
      204,
    )
    const challenge = await challengeOf(r, ada, remove)
    expect(await retry(r, ada, remove, await signedBy(challenge, ada.key))).toEqual(
      refused('NOT_A_SESSION_KEY'),
    )
  })

  it('refuses a live session key’s signature over another payload than the one issued', async () => {
    const { r, ada } = await world()
    const [, remove] = await acts(r, ada)
    if (!remove) throw new Error('no removal')
    const issued = await challengeOf(r, ada, remove)
    const other = await challengeOf(r, ada, remove)
    const headers = { ...(await signedBy(other, ada.key)), 'Request-Id': issued.requestId }
    expect(await retry(r, ada, remove, headers)).toEqual(refused('SIGNATURE_INVALID'))
  })

  it('refuses a replayed request id, an expired one and a changed body', async () => {
    const { r, clock, ada } = await world()
    const [enrol, remove, phone] = await acts(r, ada)
    if (!enrol || !remove || !phone) throw new Error('no acts')

    const once = await challengeOf(r, ada, remove)
    const headers = await signedBy(once, ada.key)
    expect((await retry(r, ada, remove, headers)).status).toBe(204)
    expect(await retry(r, ada, remove, headers)).toEqual(refused('REQUEST_ID_UNKNOWN'))

    const late = await challengeOf(r, ada, enrol)
    clock.offsetMs = TTL_MS + 1000
    const upstream = reached(r, enrol.path)
    expect(await retry(r, ada, enrol, await signedBy(late, ada.key))).toEqual(refused('EXPIRED'))
    expect(reached(r, enrol.path)).toBe(upstream)
    clock.offsetMs = 0

    const changed = await challengeOf(r, ada, phone)
    const other = { customerType: 'INDIVIDUAL', phoneNumber: uniquePhone() }
    const before = (await customerView(r, ada)).phoneNumber
    expect(await retry(r, ada, phone, await signedBy(changed, ada.key), other)).toEqual(
      refused('BODY_CHANGED'),
    )
    expect((await customerView(r, ada)).phoneNumber).toBe(before)
  })

  it('stops the attack of issue 26: a script with the cookie alone cannot swap the factors or move the phone', async () => {
    const { r, ada } = await world()
    const q = `?customerId=${ada.customerId}`
    await verifyPhone(r.h, ada.customerId)
    const passkey = await enrolScaPasskey(r.h, { customerId: ada.customerId, ...(await passkeyOf(r)) })
    const factorsBefore = await factors(r, ada)
    const phoneBefore = (await customerView(r, ada)).phoneNumber
    const script = r.browser(ada.name)
    const at = (path: string) => `${r.appBase}${path}`
    // The script's own key, which the service never issued a session for.
    const mallory = await generateSessionKey()
    const answered = async (path: string, init: RequestInit) => {
      const first = await script(at(path), init)
      if (first.status !== 202) return first.status
      const challenge = (await first.json()) as Challenge
      const headers = { ...(init.headers as Record<string, string>), ...(await signedBy(challenge, mallory)) }
      return (await script(at(path), { ...init, headers })).status
    }

    // Remove the customer's passkey, so that one of the script's own can be enrolled...
    expect(await answered(`/sca/factors/${String(passkey.credentialId)}${q}`, { method: 'DELETE' })).toBe(403)
    // ...which the service then refuses to start: the customer's passkey is still there.
    expect((await script(at(`/sca/factors${q}`), json('POST', { type: 'PASSKEY' }))).status).toBe(409)
    const totp = await (await script(at(`/sca/factors${q}`), json('POST', { type: 'TOTP' }))).json()
    const confirm = json('POST', { type: 'TOTP', secret: totp.secret, code: SCA_CODE })
    expect(await answered(`/sca/factors/confirm${q}`, confirm)).toBe(403)
    // Move the SMS factor to the script's phone.
    const phone = json('PATCH', { customerType: 'INDIVIDUAL', phoneNumber: uniquePhone() })
    expect(await answered(`/customers/${ada.customerId}`, phone)).toBe(403)

    expect(await factors(r, ada)).toEqual(factorsBefore)
    expect((await customerView(r, ada)).phoneNumber).toBe(phoneBefore)
    const writes = r.upstream.filter((call) =>
      /\/sca\/factors\/(?:confirm|[^/?]+\?)|\/customers\/[^/?]+$/.test(call.url),
    )
    expect(writes.filter((call) => call.method !== 'GET' && call.method !== 'POST')).toEqual([])
  })
})

describe('the client’s calls the relay confirms', () => {
  it('ask confirm once per act, with what the relay’s activity names, and send nothing when declined', async () => {
    const { r } = await world()
    const ada = await r.addUser('cy', { address: PARIS, phoneNumber: uniquePhone() })
    const [, remove] = await acts(r, ada)
    const credentialId = remove?.path.split('/')[3]?.split('?')[0] ?? ''
    const asked: PayloadDescription[] = []
    let answer = false
    const wallet = createWalletAuth({
      baseUrl: r.appBase,
      fetch: r.browser(ada.name),
      keyStore: createKeyStore({ indexedDB: null }),
      trustedSigners: [r.h.sandbox.signerPublicKey],
      confirm: (description) => {
        asked.push(description)
        return answer
      },
    })
    await wallet.emailOtp.send(ada.emailCredentialId)
    await wallet.emailOtp.verify(ada.emailCredentialId, r.h.testing.otpCode)
    const upstream = reached(r, `/sca/factors/${credentialId}`)
    await expectCode(() => wallet.sca.removeFactor(ada.customerId, credentialId), 'CONFIRMATION_DECLINED')
    expect(reached(r, `/sca/factors/${credentialId}`)).toBe(upstream)
    expect(asked).toEqual([expect.objectContaining({ action: 'remove-credential', ids: [credentialId] })])

    answer = true
    await wallet.sca.removeFactor(ada.customerId, credentialId)
    const email = `moved-${crypto.randomUUID()}@example.com`
    expect(await wallet.customers.updateContact(ada.customerId, { email })).toMatchObject({ email })
    // The relay's activity and the service's both bind the address: the person is asked once.
    expect(asked.slice(2)).toEqual([expect.objectContaining({ action: 'change-contact', contact: email })])
  })
})
