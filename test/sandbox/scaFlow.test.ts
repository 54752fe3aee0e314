// EU strong customer authentication as the service's contract has it: contact verification
// (codes only to the customer's own, current contacts), the SCA factors (SMS_OTP is the verified
// phone; a passkey counts only once enrolled through /sca/factors, not because the wallet signs in
// with it), the SCA login that opens a session, SCA_SESSION_REQUIRED without one, and 409 for a
// customer who does not need SCA. Every answer is checked against the contract by the harness.
import { isoBase64URL } from '@simplewebauthn/server/helpers'
import { describe, expect, it } from 'vitest'
import {
  RESET_LIVENESS_MS,
  RESET_TTL_MS,
  RESET_WINDOW_MS,
  RESETS_PER_WINDOW,
} from '../../src/sandbox/sca/factorResetRoutes.js'
import { SCA_LOCKOUT_FAILURES, SCA_LOCKOUT_MS } from '../../src/sandbox/sca/scaLockout.js'
import { SCA_SESSION_TTL_MS } from '../../src/sandbox/sca/scaSession.js'
import {
  createCustomer,
  fund,
  type Harness,
  json,
  otpSignIn,
  quoteOf,
  quoteToUma,
  SIGNED,
  startHarness,
} from './harness.js'
import { enrolScaPasskey, SCA_CODE, smsScaLogin, uniquePhone, verifyPhone } from './scaCustomer.js'
import { softwareAuthenticator } from './softwareAuthenticator.js'

const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }
const IP = '203.0.113.42'

const q = (customerId: string) => `?customerId=${encodeURIComponent(customerId)}`
const codeOf = (reply: { status: number; body: Record<string, unknown> }) => [reply.status, reply.body.code]

/** An EU customer created with a phone number and an email: both verified from creation. */
async function euCustomer(h: Harness) {
  return createCustomer(h, { address: PARIS, phoneNumber: uniquePhone() })
}

/**
 * An EU customer created with neither phone nor email, both added since: two channels to verify,
 * its KYC not begun (UNVERIFIED). No credential is tied to either, so each PATCH is a plain one.
 */
async function customerToVerify(h: Harness) {
  const created = await h.call('POST', '/customers', {
    customerType: 'INDIVIDUAL',
    fullName: 'Ada Lovelace',
    address: PARIS,
  })
  const customerId = String(created.body.id)
  expect(created.body).toMatchObject({ kycStatus: 'UNVERIFIED', contactVerification: { phone: 'PENDING' } })
  const patch = (body: Record<string, unknown>) =>
    h.call('PATCH', `/customers/${customerId}`, { customerType: 'INDIVIDUAL', ...body })
  expect((await patch({ phoneNumber: uniquePhone() })).status).toBe(200)
  expect((await patch({ email: `ada-${crypto.randomUUID().slice(0, 8)}@example.com` })).status).toBe(200)
  const wallets = await h.call(
    'GET',
    `/customers/internal-accounts?customerId=${customerId}&type=EMBEDDED_WALLET`,
  )
  const accountId = String((wallets.body.data as Array<{ id: string }>)[0]?.id)
  return { customerId, accountId }
}

/** Its wallet funded and a 10 USDB quote executed with a wallet signature: the SCA challenge. */
async function executedQuote(h: Harness, accountId: string, body: Record<string, unknown> = {}) {
  await fund(h, accountId, 50_000_000)
  const quote = await quoteToUma(h, accountId, `$success.eur@${h.sandbox.config.umaDomain}`)
  return h.call('POST', `/quotes/${quote.id}/execute`, body, SIGNED)
}

describe('contact verification', () => {
  it('verifies the contacts an EU customer is created with from creation, and KYC-reviews it', async () => {
    const h = await startHarness()
    const { customerId } = await euCustomer(h)
    const view = await h.call('GET', `/customers/${customerId}`)
    expect(view.body).toMatchObject({
      contactVerification: { email: 'VERIFIED', phone: 'VERIFIED' },
      kycStatus: 'APPROVED',
    })
    expect(codeOf(await h.call('POST', `/customers/${customerId}/verify-phone`))).toEqual([409, 'CONFLICT'])
    expect(codeOf(await h.call('POST', `/customers/${customerId}/verify-email`))).toEqual([409, 'CONFLICT'])
    // Its phone is its SMS factor at once.
    expect((await h.call('GET', `/sca/factors${q(customerId)}`)).body).toEqual({
      factors: [{ factor: 'SMS_OTP' }],
    })
    // No phone at creation: the channel waits for one, and so does KYC (contacts come first).
    const { customerId: noPhone } = await createCustomer(h, { address: PARIS, fullName: 'Grace Hopper002' })
    const waiting = await h.call('GET', `/customers/${noPhone}`)
    expect(waiting.body).toMatchObject({
      contactVerification: { email: 'VERIFIED', phone: 'PENDING' },
      kycStatus: 'UNVERIFIED',
    })
    await h.call('PATCH', `/customers/${noPhone}`, { customerType: 'INDIVIDUAL', phoneNumber: uniquePhone() })
    await verifyPhone(h, noPhone)
    // Then the review runs, by the name's suffix (002: rejected).
    expect((await h.call('GET', `/customers/${noPhone}`)).body.kycStatus).toBe('REJECTED')
  })

  it('sends codes to the customer own phone and email only, and shows them VERIFIED once confirmed', async () => {
    const logged: string[] = []
    const h = await startHarness({ log: (line) => logged.push(line) })
    const { customerId: id } = await customerToVerify(h)
    const before = await h.call('GET', `/customers/${id}`)
    expect(before.body.contactVerification).toEqual({ email: 'PENDING', phone: 'PENDING' })
    expect(before.body.kycStatus).toBe('UNVERIFIED')

    const unsent = await h.call('POST', `/customers/${id}/verify-phone/confirm`, { code: SCA_CODE })
    expect(codeOf(unsent)).toEqual([400, 'INVALID_INPUT'])
    expect((await h.call('POST', `/customers/${id}/verify-phone`)).status).toBe(204)
    const phone = String(before.body.phoneNumber)
    expect(logged.some((line) => line.includes(phone) && line.includes(SCA_CODE))).toBe(true)
    const wrong = await h.call('POST', `/customers/${id}/verify-phone/confirm`, { code: '000000' })
    expect(codeOf(wrong)).toEqual([400, 'INVALID_INPUT'])
    const right = await h.call('POST', `/customers/${id}/verify-phone/confirm`, { code: SCA_CODE })
    expect(right.status).toBe(200)
    expect(right.body.contactVerification).toEqual({ email: 'PENDING', phone: 'VERIFIED' })
    expect(right.body.kycStatus).toBe('UNVERIFIED')
    expect(codeOf(await h.call('POST', `/customers/${id}/verify-phone`))).toEqual([409, 'CONFLICT'])

    expect((await h.call('POST', `/customers/${id}/verify-email`)).status).toBe(204)
    const email = await h.call('POST', `/customers/${id}/verify-email/confirm`, { code: SCA_CODE })
    expect(email.body.contactVerification).toEqual({ email: 'VERIFIED', phone: 'VERIFIED' })
    // Every channel verified: the KYC review runs (the sandbox approves at once).
    expect(email.body.kycStatus).toBe('APPROVED')
  })

  it('takes a changed phone number as unverified, and a code sent to the old number does not verify it', async () => {
    const h = await startHarness()
    const { customerId } = await customerToVerify(h)
    expect((await h.call('POST', `/customers/${customerId}/verify-phone`)).status).toBe(204)
    await h.call('PATCH', `/customers/${customerId}`, {
      customerType: 'INDIVIDUAL',
      phoneNumber: uniquePhone(),
    })
    const stale = await h.call('POST', `/customers/${customerId}/verify-phone/confirm`, { code: SCA_CODE })
    expect(codeOf(stale)).toEqual([400, 'INVALID_INPUT'])
    await verifyPhone(h, customerId)
    await h.call('PATCH', `/customers/${customerId}`, {
      customerType: 'INDIVIDUAL',
      phoneNumber: uniquePhone(),
    })
    const view = await h.call('GET', `/customers/${customerId}`)
    expect(view.body.contactVerification).toMatchObject({ phone: 'PENDING' })
    const factors = await h.call('GET', `/sca/factors${q(customerId)}`)
    expect(factors.body.factors).toEqual([])
  })

  it('refuses a customer without a phone to send to (409), and an unknown customer (404)', async () => {
    const h = await startHarness()
    const { customerId } = await createCustomer(h, { address: PARIS })
    expect(codeOf(await h.call('POST', `/customers/${customerId}/verify-phone`))).toEqual([409, 'CONFLICT'])
    const unknown = await h.call('POST', '/customers/Customer:nobody/verify-email')
    expect(codeOf(unknown)).toEqual([404, 'USER_NOT_FOUND'])
  })

  it('voids a sent code after five wrong ones, also when they come in parallel', async () => {
    const h = await startHarness()
    const { customerId } = await customerToVerify(h)
    await h.call('POST', `/customers/${customerId}/verify-phone`)
    const confirm = (code: string) =>
      h.call('POST', `/customers/${customerId}/verify-phone/confirm`, { code })
    const wrongs = await Promise.all(Array.from({ length: 8 }, () => confirm('999999')))
    expect(wrongs.every((reply) => reply.status === 400)).toBe(true)
    expect(codeOf(await confirm(SCA_CODE))).toEqual([400, 'INVALID_INPUT'])
  })
})

describe('a customer who does not need SCA', () => {
  it('gets 409 from every contact-verification and SCA route, and no contactVerification', async () => {
    const h = await startHarness()
    const { customerId } = await createCustomer(h, {
      address: { line1: '1 Main St', city: 'Springfield', postalCode: '12345', country: 'US' },
      phoneNumber: uniquePhone(),
    })
    expect((await h.call('GET', `/customers/${customerId}`)).body.contactVerification).toBeUndefined()
    const replies = await Promise.all([
      h.call('POST', `/customers/${customerId}/verify-phone`),
      h.call('POST', `/customers/${customerId}/verify-email/confirm`, { code: SCA_CODE }),
      h.call('GET', `/sca/factors${q(customerId)}`),
      h.call('POST', `/sca/factors${q(customerId)}`, { type: 'TOTP' }),
      h.call('POST', `/sca/login/start${q(customerId)}`, { factor: 'SMS_OTP' }),
      h.call('DELETE', `/sca/factors/cred${q(customerId)}`),
    ])
    expect(replies.map(codeOf)).toEqual(replies.map(() => [409, 'CONFLICT']))
  })
})

describe('the EU payment flow', () => {
  it('lists SMS_OTP from creation, logs in by SMS, then pays with an SMS code', async () => {
    const h = await startHarness()
    const { customerId, accountId } = await euCustomer(h)
    expect((await h.call('GET', `/sca/factors${q(customerId)}`)).body).toEqual({
      factors: [{ factor: 'SMS_OTP' }],
    })
    const smsEnrol = await h.call('POST', `/sca/factors${q(customerId)}`, { type: 'SMS_OTP' })
    expect(codeOf(smsEnrol)).toEqual([400, 'INVALID_INPUT'])

    const executed = quoteOf(await executedQuote(h, accountId))
    expect(executed.scaChallenge).toMatchObject({ factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] })
    const noSession = await h.call('POST', `/quotes/${executed.id}/authorize`, { code: SCA_CODE })
    expect(codeOf(noSession)).toEqual([409, 'SCA_SESSION_REQUIRED'])

    const started = await h.call('POST', `/sca/login/start${q(customerId)}`, { factor: 'SMS_OTP' })
    expect(started.body).toMatchObject({ factor: 'SMS_OTP', challengeId: expect.any(String) })
    const complete = (body: Record<string, unknown>) =>
      h.call('POST', `/sca/login/complete${q(customerId)}`, {
        factor: 'SMS_OTP',
        challengeId: started.body.challengeId,
        endUserIpAddress: IP,
        ...body,
      })
    expect(codeOf(await complete({ code: '000000' }))).toEqual([400, 'INVALID_INPUT'])
    expect(codeOf(await complete({ code: SCA_CODE, challengeId: 'ScaChallenge:other' }))).toEqual([
      400,
      'INVALID_INPUT',
    ])
    const done = await complete({ code: SCA_CODE })
    expect(done.body.status).toBe('SUCCESS')
    expect(Date.parse(String(done.body.sessionExpiresAt))).toBe(h.sandbox.clock.now() + SCA_SESSION_TTL_MS)
    expect(codeOf(await complete({ code: SCA_CODE }))).toEqual([400, 'INVALID_INPUT'])

    const paid = quoteOf(await h.call('POST', `/quotes/${executed.id}/authorize`, { code: SCA_CODE }))
    expect(paid.status).toBe('PROCESSING')
  })

  it('asks for another SCA login once the session has ended', async () => {
    const h = await startHarness()
    const { customerId, accountId } = await euCustomer(h)
    await verifyPhone(h, customerId)
    await smsScaLogin(h, customerId)
    h.sandbox.clock.advance(SCA_SESSION_TTL_MS)
    const executed = quoteOf(await executedQuote(h, accountId))
    const ended = await h.call('POST', `/quotes/${executed.id}/authorize`, { code: SCA_CODE })
    expect(codeOf(ended)).toEqual([409, 'SCA_SESSION_REQUIRED'])
    await smsScaLogin(h, customerId)
    expect(quoteOf(await h.call('POST', `/quotes/${executed.id}/authorize`, { code: SCA_CODE })).status).toBe(
      'PROCESSING',
    )
  })

  it('sends no payment code to an unverified phone: SMS_OTP is refused at execute', async () => {
    const logged: string[] = []
    const h = await startHarness({ log: (line) => logged.push(line) })
    const { customerId, accountId } = await customerToVerify(h)
    expect((await h.call('GET', `/sca/factors${q(customerId)}`)).body).toEqual({ factors: [] })
    const noFactor = await h.call('POST', `/sca/login/start${q(customerId)}`, { factor: 'SMS_OTP' })
    expect(codeOf(noFactor)).toEqual([400, 'INVALID_INPUT'])
    const refused = await executedQuote(h, accountId)
    expect(codeOf(refused)).toEqual([400, 'INVALID_INPUT'])
    const sms = await executedQuote(h, accountId, { scaFactor: 'SMS_OTP' })
    expect(codeOf(sms)).toEqual([400, 'INVALID_INPUT'])
    expect(logged.filter((line) => line.includes('SCA code'))).toEqual([])
  })
})

describe('SCA login limits', () => {
  it('locks the login (423 ACCOUNT_LOCKED) after as many parallel wrong codes as the lockout allows', async () => {
    const h = await startHarness()
    const { customerId } = await euCustomer(h)
    await verifyPhone(h, customerId)
    const started = await h.call('POST', `/sca/login/start${q(customerId)}`, { factor: 'SMS_OTP' })
    const complete = (code: string) =>
      h.call('POST', `/sca/login/complete${q(customerId)}`, {
        factor: 'SMS_OTP',
        challengeId: started.body.challengeId,
        code,
        endUserIpAddress: IP,
      })
    const wrongs = await Promise.all(
      Array.from({ length: SCA_LOCKOUT_FAILURES * 2 }, () => complete('000000')),
    )
    const judged = wrongs.filter((reply) => reply.status === 400).length
    expect(judged).toBe(SCA_LOCKOUT_FAILURES)
    expect(wrongs.length - judged).toBe(SCA_LOCKOUT_FAILURES)
    const locked = await complete(SCA_CODE)
    expect(codeOf(locked)).toEqual([423, 'ACCOUNT_LOCKED'])
    expect(locked.body.details).toMatchObject({ failedAttempts: SCA_LOCKOUT_FAILURES })
    h.sandbox.clock.advance(SCA_LOCKOUT_MS)
    await smsScaLogin(h, customerId)
  })
})

describe('security events', () => {
  it('locks the SCA login at the recorded failed-login milestones, suspends at nine, and a password reset clears it and ends the session', async () => {
    const h = await startHarness()
    const { customerId, accountId } = await euCustomer(h)
    await verifyPhone(h, customerId)
    await smsScaLogin(h, customerId)
    const record = (eventType: string) => h.call('POST', `/sca/record-event${q(customerId)}`, { eventType })
    const invalid = await record('SOMETHING_ELSE')
    expect(codeOf(invalid)).toEqual([400, 'INVALID_INPUT'])
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await record('FAILED_LOGIN_ATTEMPT')).body).toEqual({
        eventType: 'FAILED_LOGIN_ATTEMPT',
        suspended: false,
        lockedUntil: null,
        failedAttempts: attempt,
      })
    }
    const fifth = await record('FAILED_LOGIN_ATTEMPT')
    expect(Date.parse(String(fifth.body.lockedUntil))).toBe(h.sandbox.clock.now() + 15 * 60_000)
    expect(codeOf(await record('FAILED_LOGIN_ATTEMPT'))).toEqual([423, 'ACCOUNT_LOCKED'])
    const start = await h.call('POST', `/sca/login/start${q(customerId)}`, { factor: 'SMS_OTP' })
    const locked = await h.call('POST', `/sca/login/complete${q(customerId)}`, {
      factor: 'SMS_OTP',
      challengeId: start.body.challengeId,
      code: SCA_CODE,
      endUserIpAddress: IP,
    })
    expect(codeOf(locked)).toEqual([423, 'ACCOUNT_LOCKED'])
    for (const lockMinutes of [15, 30, 60, 24 * 60]) {
      h.sandbox.clock.advance(lockMinutes * 60_000)
      if (lockMinutes < 24 * 60) await record('FAILED_LOGIN_ATTEMPT')
    }
    const ninth = await record('FAILED_LOGIN_ATTEMPT')
    expect(ninth.body).toMatchObject({ suspended: true, lockedUntil: null, failedAttempts: 9 })
    h.sandbox.clock.advance(7 * 24 * 60 * 60_000)
    expect(codeOf(await record('FAILED_LOGIN_ATTEMPT'))).toEqual([423, 'ACCOUNT_LOCKED'])

    const reset = await record('RESET_PASSWORD_COMPLETED')
    expect(reset.body).toEqual({
      eventType: 'RESET_PASSWORD_COMPLETED',
      suspended: false,
      lockedUntil: null,
      failedAttempts: 0,
    })
    await smsScaLogin(h, customerId)
    await record('RESET_PASSWORD_COMPLETED')
    const executed = quoteOf(await executedQuote(h, accountId))
    const ended = await h.call('POST', `/quotes/${executed.id}/authorize`, { code: SCA_CODE })
    expect(codeOf(ended)).toEqual([409, 'SCA_SESSION_REQUIRED'])
  })
})

describe('2FA resets', () => {
  it('resets a lost SMS factor to a new number once liveness passed, and a passkey to re-enrol', async () => {
    const h = await startHarness()
    const { rpId, origins } = h.sandbox.config
    const origin = origins[0] as string
    const { customerId } = await customerToVerify(h)
    const reset = (path: string, body?: unknown, method = 'POST') =>
      h.call(method, `/sca/factors/reset${path}${q(customerId)}`, body)
    expect(codeOf(await reset('', { factor: 'SMS_OTP' }))).toEqual([400, 'INVALID_INPUT'])
    await verifyPhone(h, customerId)

    const started = await reset('', { factor: 'SMS_OTP' })
    expect(started.status).toBe(201)
    const id = `/${started.body.resetId}`
    expect((await reset(id, undefined, 'GET')).body).toMatchObject({
      status: 'INITIATED',
      enrollmentStatus: null,
    })
    const early = await reset(`${id}/complete`, { mobile: { countryCode: '+33', number: '699999999' } })
    expect(codeOf(early)).toEqual([400, 'INVALID_INPUT'])
    h.sandbox.clock.advance(RESET_LIVENESS_MS)
    expect((await reset(id, undefined, 'GET')).body.status).toBe('LIVENESS_PASSED')
    expect(codeOf(await reset(`${id}/complete`, {}))).toEqual([400, 'INVALID_INPUT'])
    expect(
      (await reset(`${id}/complete`, { mobile: { countryCode: '+33', number: '699999999' } })).status,
    ).toBe(204)
    expect((await reset(id, undefined, 'GET')).body.status).toBe('COMPLETED')
    const customer = await h.call('GET', `/customers/${customerId}`)
    expect(customer.body).toMatchObject({
      phoneNumber: '+33699999999',
      contactVerification: { phone: 'VERIFIED' },
    })
    expect(codeOf(await reset('/ScaReset:unknown', undefined, 'GET'))).toEqual([404, 'REFERENCE_NOT_FOUND'])

    const authenticator = await softwareAuthenticator(rpId, origin)
    await enrolScaPasskey(h, { customerId, authenticator, origin })
    const lost = await reset('', { factor: 'PASSKEY' })
    h.sandbox.clock.advance(RESET_LIVENESS_MS)
    expect((await reset(`/${lost.body.resetId}/complete`)).status).toBe(204)
    expect((await h.call('GET', `/sca/factors${q(customerId)}`)).body.factors).toEqual([
      { factor: 'SMS_OTP' },
    ])
    expect((await reset(`/${lost.body.resetId}`, undefined, 'GET')).body.enrollmentStatus).toBe('PENDING')
    await enrolScaPasskey(h, { customerId, authenticator: await softwareAuthenticator(rpId, origin), origin })
    expect((await reset(`/${lost.body.resetId}`, undefined, 'GET')).body.enrollmentStatus).toBe('COMPLETED')
  })

  it('starts at most five resets a day (429 with Retry-After), and an unfinished one expires', async () => {
    const h = await startHarness()
    const { customerId } = await euCustomer(h)
    await verifyPhone(h, customerId)
    const start = () => h.call('POST', `/sca/factors/reset${q(customerId)}`, { factor: 'SMS_OTP' })
    const first = await start()
    for (let i = 1; i < RESETS_PER_WINDOW; i++) expect((await start()).status).toBe(201)
    expect(codeOf(await start())).toEqual([429, 'RATE_LIMITED'])
    h.sandbox.clock.advance(RESET_TTL_MS)
    const expired = await h.call('GET', `/sca/factors/reset/${first.body.resetId}${q(customerId)}`)
    expect(expired.body.status).toBe('EXPIRED')
    h.sandbox.clock.advance(RESET_WINDOW_MS)
    expect((await start()).status).toBe(201)
  })
})

describe('SCA passkeys', () => {
  it('refuses the wallet sign-in passkey as an SCA factor until it is enrolled through /sca/factors', async () => {
    const h = await startHarness()
    const { rpId, origins } = h.sandbox.config
    const origin = origins[0] as string
    const { customerId, accountId, emailCredentialId } = await euCustomer(h)
    await verifyPhone(h, customerId)
    await smsScaLogin(h, customerId)
    await otpSignIn(h, emailCredentialId, accountId)
    // The wallet's own sign-in passkey, registered through /auth/credentials.
    const authenticator = await softwareAuthenticator(rpId, origin)
    const challenge = isoBase64URL.fromBuffer(crypto.getRandomValues(new Uint8Array(32)))
    const attestation = authenticator.register(challenge)
    const registered = await h.signed(
      `${h.base}/auth/credentials`,
      json('POST', { type: 'PASSKEY', accountId, nickname: 'Laptop', challenge, attestation }),
    )
    expect(registered.status).toBe(201)
    expect(codeOf(await executedQuote(h, accountId, { scaFactor: 'PASSKEY' }))).toEqual([
      400,
      'INVALID_INPUT',
    ])
    const login = await h.call('POST', `/sca/login/start${q(customerId)}`, { factor: 'PASSKEY' })
    expect(codeOf(login)).toEqual([400, 'INVALID_INPUT'])

    const factor = await enrolScaPasskey(h, { customerId, authenticator, origin })
    expect(factor).toEqual({ factor: 'PASSKEY', credentialId: authenticator.credentialId })
    const listed = await h.call('GET', `/sca/factors${q(customerId)}`)
    expect(listed.body.factors).toEqual([{ factor: 'SMS_OTP' }, factor])
    const second = await h.call('POST', `/sca/factors${q(customerId)}`, { type: 'PASSKEY' })
    expect(codeOf(second)).toEqual([409, 'PASSKEY_ALREADY_ENROLLED'])

    const executed = quoteOf(await executedQuote(h, accountId, { scaFactor: 'PASSKEY' }))
    expect(executed.scaChallenge?.availableFactors).toEqual(['SMS_OTP', 'PASSKEY'])

    const deleted = await h.call(
      'DELETE',
      `/sca/factors/${encodeURIComponent(authenticator.credentialId)}${q(customerId)}`,
    )
    expect(deleted.status).toBe(204)
    const again = await h.call(
      'DELETE',
      `/sca/factors/${encodeURIComponent(authenticator.credentialId)}${q(customerId)}`,
    )
    expect(codeOf(again)).toEqual([404, 'REFERENCE_NOT_FOUND'])
    expect(codeOf(await executedQuote(h, accountId, { scaFactor: 'PASSKEY' }))).toEqual([
      400,
      'INVALID_INPUT',
    ])
  })

  it('refuses an enrolment whose claimed credential id is not the registered one, and keeps the registered id', async () => {
    const h = await startHarness()
    const { rpId, origins } = h.sandbox.config
    const origin = origins[0] as string
    const { customerId } = await euCustomer(h)
    const authenticator = await softwareAuthenticator(rpId, origin)
    const started = await h.call('POST', `/sca/factors${q(customerId)}`, { type: 'PASSKEY' })
    const { challenge } = started.body.options as { challenge: string }
    const confirm = (credential: unknown) =>
      h.call('POST', `/sca/factors/confirm${q(customerId)}`, { type: 'PASSKEY', origin, credential })
    const otherId = (await softwareAuthenticator(rpId, origin)).credentialId
    const claimed = await confirm({ ...authenticator.register(challenge), credentialId: otherId })
    expect(codeOf(claimed)).toEqual([400, 'INVALID_INPUT'])
    expect((await h.call('GET', `/sca/factors${q(customerId)}`)).body.factors).toEqual([
      { factor: 'SMS_OTP' },
    ])
    const enrolled = await confirm(authenticator.register(challenge))
    expect(enrolled.body.factor).toEqual({ factor: 'PASSKEY', credentialId: authenticator.credentialId })
  })

  it('logs in with the enrolled passkey over the login options, on an allowed origin only', async () => {
    const h = await startHarness()
    const { rpId, origins } = h.sandbox.config
    const origin = origins[0] as string
    const { customerId } = await euCustomer(h)
    const authenticator = await softwareAuthenticator(rpId, origin)
    await enrolScaPasskey(h, { customerId, authenticator, origin })
    const started = await h.call('POST', `/sca/login/start${q(customerId)}`, { factor: 'PASSKEY' })
    expect(started.body).toMatchObject({ factor: 'PASSKEY', allowedOrigins: origins, relyingPartyId: rpId })
    const { challenge } = started.body.passkeyOptions as { challenge: string }
    const complete = (passkeyAssertion: unknown, at = origin) =>
      h.call('POST', `/sca/login/complete${q(customerId)}`, {
        factor: 'PASSKEY',
        endUserIpAddress: IP,
        passkeyAssertion,
        origin: at,
      })
    const foreign = await complete(await authenticator.assert(challenge), 'https://evil.example')
    expect(codeOf(foreign)).toEqual([400, 'INVALID_INPUT'])
    const other = await complete(await authenticator.assert('b3RoZXI'))
    expect(codeOf(other)).toEqual([400, 'INVALID_INPUT'])
    expect((await complete(await authenticator.assert(challenge))).body.status).toBe('SUCCESS')
  })
})

describe('TOTP', () => {
  it('enrols with the secret of the start and the sandbox code, and logs in with it', async () => {
    const h = await startHarness()
    const { customerId } = await euCustomer(h)
    const started = await h.call('POST', `/sca/factors${q(customerId)}`, { type: 'TOTP' })
    expect(started.body.totpUri).toMatch(/^otpauth:\/\/totp\//)
    const confirm = (body: Record<string, unknown>) =>
      h.call('POST', `/sca/factors/confirm${q(customerId)}`, { type: 'TOTP', ...body })
    expect(codeOf(await confirm({ secret: 'not-it', code: SCA_CODE }))).toEqual([400, 'INVALID_INPUT'])
    expect(codeOf(await confirm({ secret: started.body.secret, code: '000000' }))).toEqual([
      400,
      'INVALID_INPUT',
    ])
    const enrolled = await confirm({ secret: started.body.secret, code: SCA_CODE })
    expect((enrolled.body.recoveryCodes as string[]).length).toBeGreaterThan(0)
    expect((await h.call('GET', `/sca/factors${q(customerId)}`)).body.factors).toEqual([
      { factor: 'SMS_OTP' },
      { factor: 'TOTP' },
    ])
    const login = await h.call('POST', `/sca/login/start${q(customerId)}`, { factor: 'TOTP' })
    expect(login.body).toEqual({ factor: 'TOTP' })
    const done = await h.call('POST', `/sca/login/complete${q(customerId)}`, {
      factor: 'TOTP',
      code: SCA_CODE,
      endUserIpAddress: IP,
    })
    expect(done.body.status).toBe('SUCCESS')
  })
})
