// A lost SCA factor's reset from a page: the client, through the integrator's relay, against the
// in-process sandbox. Starting and polling are reads the relay judges by the customer named; the
// completion clears the factor (and for SMS moves the codes to a new phone), so the relay has the
// session sign its own activity naming that reset and phone, which the client holds to what it
// sent and the person confirms in plain words first.
import { describe, expect, it } from 'vitest'
import { createWalletAuth } from '../../src/client/index.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { RESET_LIVENESS_MS } from '../../src/sandbox/sca/factorResetRoutes.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, type Harness, startHarness } from '../sandbox/harness.js'
import { SCA_CODE, uniquePhone } from '../sandbox/scaCustomer.js'
import { customerRelay } from './customerRelay.js'

const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }
const HEADER = 'Service-Wallet-Signature'
const MALLORY_PHONE = '+33700000666'

/** What the backend between page and relay does to a request, or to the relay's answer. */
interface Tamper {
  request?: (request: Request) => Request
  response?: (response: Response) => Promise<Response>
}

/**
 * An EU customer with a phone verified from creation (its SMS factor) and a TOTP factor, and its page's client
 * signed in through a backend in front of the relay: `tamper` rewrites what passes, `signed` lists
 * the signed requests that left the page, `asked` the confirmations, `answer` the person's reply.
 */
async function world() {
  const h = await startHarness()
  const customer = await createCustomer(h, { address: PARIS, phoneNumber: uniquePhone() })
  const id = customer.customerId
  const relay = customerRelay(h, id)
  const asked: PayloadDescription[] = []
  const signed: string[] = []
  const person = { answer: true }
  let tamper: Tamper = {}
  const wallet = createWalletAuth({
    baseUrl: 'http://app.test/wallet',
    fetch: async (input, init) => {
      let request = new Request(input, init)
      if (request.headers.has(HEADER)) signed.push(new URL(request.url).pathname)
      if (tamper.request) request = tamper.request(request)
      const response = await relay(request)
      return tamper.response ? tamper.response(response) : response
    },
    keyStore: createKeyStore({ indexedDB: null, now: h.sandbox.clock.now }),
    trustedSigners: [h.sandbox.signerPublicKey],
    now: h.sandbox.clock.now,
    confirm: (description) => {
      asked.push(description)
      return person.answer
    },
  })
  await wallet.emailOtp.send(customer.emailCredentialId)
  await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
  const totp = await wallet.sca.startTotp(id)
  await wallet.sca.confirmTotp(id, { secret: totp.secret, code: SCA_CODE })
  expect((await wallet.sca.factors(id)).map((view) => view.factor).sort()).toEqual(['SMS_OTP', 'TOTP'])
  asked.length = 0
  signed.length = 0
  return {
    h,
    id,
    wallet,
    asked,
    signed,
    person,
    setTamper: (next: Tamper) => {
      tamper = next
    },
  }
}

type World = Awaited<ReturnType<typeof world>>

/** A reset of `factor` started and polled through the client, its identity check passed. */
async function readyReset(w: World, factor: 'SMS_OTP' | 'TOTP'): Promise<string> {
  const started = await w.wallet.sca.startReset(w.id, factor)
  expect(started.resetId).toEqual(expect.any(String))
  expect(Date.parse(started.expiresAt ?? '')).toBeGreaterThan(w.h.sandbox.clock.now())
  expect(await w.wallet.sca.resetStatus(w.id, started.resetId)).toMatchObject({ status: 'INITIATED', factor })
  w.h.sandbox.clock.advance(RESET_LIVENESS_MS)
  expect((await w.wallet.sca.resetStatus(w.id, started.resetId)).status).toBe('LIVENESS_PASSED')
  return started.resetId
}

const phoneOf = async (h: Harness, id: string) => (await h.call('GET', `/customers/${id}`)).body.phoneNumber
const factorsOf = async (w: World) => (await w.wallet.sca.factors(w.id)).map((view) => view.factor).sort()

// No protocol word, id or key: what a person reads.
const PROTOCOL = /ACTIVITY|SMS_OTP|TOTP|SCA|relay|ScaReset|Customer:|payload|sha|nonce/i

describe('an SCA factor reset from a page, through relay and sandbox', () => {
  it('resets a lost SMS factor once the person confirmed, the codes then going to the new phone', async () => {
    const w = await world()
    const resetId = await readyReset(w, 'SMS_OTP')
    const mobile = { countryCode: '+33', number: uniquePhone().slice(3) }
    const phone = `${mobile.countryCode}${mobile.number}`
    await w.wallet.sca.completeReset(w.id, resetId, { mobile })
    expect(w.asked).toHaveLength(1)
    const [question] = w.asked
    expect(question).toMatchObject({ action: 'change-contact', contact: phone })
    expect(question?.summary).toBe(
      `Finish resetting how you approve payments: the codes will go to ${phone}.`,
    )
    expect(question?.summary).not.toMatch(PROTOCOL)
    expect(w.signed).toEqual([`/wallet/sca/factors/reset/${encodeURIComponent(resetId)}/complete`])
    expect(await w.wallet.sca.resetStatus(w.id, resetId)).toMatchObject({
      status: 'COMPLETED',
      factor: 'SMS_OTP',
      enrollmentStatus: null,
      completedAt: expect.any(String),
    })
    expect(await phoneOf(w.h, w.id)).toBe(phone)
  })

  it('resets a lost TOTP factor with no body, asked as a removal', async () => {
    const w = await world()
    const resetId = await readyReset(w, 'TOTP')
    await w.wallet.sca.completeReset(w.id, resetId)
    expect(w.asked.map(({ action, contact }) => ({ action, contact }))).toEqual([
      { action: 'remove-credential', contact: undefined },
    ])
    expect(w.asked[0]?.summary).not.toMatch(PROTOCOL)
    expect(await factorsOf(w)).toEqual(['SMS_OTP'])
    expect((await w.wallet.sca.resetStatus(w.id, resetId)).enrollmentStatus).toBe('PENDING')
  })

  it('sends nothing when the person declines, and completes when they agree', async () => {
    const w = await world()
    const resetId = await readyReset(w, 'SMS_OTP')
    const before = await phoneOf(w.h, w.id)
    const mobile = { countryCode: '+33', number: '611112222' }
    w.person.answer = false
    const declined = await expectCode(
      () => w.wallet.sca.completeReset(w.id, resetId, { mobile }),
      'CONFIRMATION_DECLINED',
    )
    expect(declined.details?.action).toBe('change-contact')
    expect(w.signed).toEqual([])
    expect((await w.wallet.sca.resetStatus(w.id, resetId)).status).toBe('LIVENESS_PASSED')
    expect(await phoneOf(w.h, w.id)).toBe(before)
    w.person.answer = true
    await w.wallet.sca.completeReset(w.id, resetId, { mobile })
    expect(await phoneOf(w.h, w.id)).toBe('+33611112222')
  })

  it('is the service’s 400 before the identity check passed, and refuses another customer’s reset at the relay', async () => {
    const w = await world()
    const started = await w.wallet.sca.startReset(w.id, 'TOTP')
    await expectCode(() => w.wallet.sca.completeReset(w.id, started.resetId), 'INVALID_INPUT')
    const bob = await world()
    const bobs = await readyReset(bob, 'TOTP')
    for (const call of [
      () => w.wallet.sca.startReset(bob.id, 'TOTP'),
      () => w.wallet.sca.resetStatus(bob.id, bobs),
      () => w.wallet.sca.completeReset(bob.id, bobs),
    ]) {
      expect((await expectCode(call, 'FORBIDDEN')).status).toBe(403)
    }
    expect(await factorsOf(bob)).toEqual(['SMS_OTP', 'TOTP'])
  })
})

describe('the relay activity of a reset, held to what the page sent', () => {
  it('is refused when a backend sends the completion to another reset of the customer', async () => {
    const w = await world()
    const mine = await readyReset(w, 'SMS_OTP')
    // The backend started a reset of the TOTP factor too, and moves the person's completion onto it.
    const theirs = await readyReset(w, 'TOTP')
    const [from, to] = [mine, theirs].map((resetId) => `/reset/${encodeURIComponent(resetId)}/`)
    w.setTamper({
      request: (request) =>
        request.url.includes(`${from}complete`)
          ? new Request(request.url.replace(String(from), String(to)), request)
          : request,
    })
    const mobile = { countryCode: '+33', number: '622223333' }
    const refused = await expectCode(
      () => w.wallet.sca.completeReset(w.id, mine, { mobile }),
      'PAYLOAD_MISMATCH',
    )
    expect(refused.details?.field).toBe('parameters.resetId')
    expect(w.signed).toEqual([])
    expect(w.asked).toEqual([])
    expect((await w.wallet.sca.resetStatus(w.id, theirs)).status).toBe('LIVENESS_PASSED')
    expect(await factorsOf(w)).toEqual(['SMS_OTP', 'TOTP'])
    w.setTamper({})
    await w.wallet.sca.completeReset(w.id, mine, { mobile })
    expect((await w.wallet.sca.resetStatus(w.id, mine)).status).toBe('COMPLETED')
  })

  /** The relay's challenge with its activity's parameters changed by `edit`. */
  const editedChallenge =
    (edit: (parameters: Record<string, unknown>) => void) =>
    async (response: Response): Promise<Response> => {
      if (response.status !== 202) return response
      const challenge = await response.json()
      const activity = JSON.parse(challenge.payloadToSign)
      edit(activity.parameters)
      return Response.json({ ...challenge, payloadToSign: JSON.stringify(activity) }, { status: 202 })
    }

  it.each<[string, 'SMS_OTP' | 'TOTP', (parameters: Record<string, unknown>) => void]>([
    [
      'names another phone than the one sent',
      'SMS_OTP',
      (parameters) => {
        parameters.userPhoneNumber = MALLORY_PHONE
      },
    ],
    [
      'leaves out the phone sent',
      'SMS_OTP',
      (parameters) => {
        delete parameters.userPhoneNumber
      },
    ],
    [
      'names a phone when none was sent',
      'TOTP',
      (parameters) => {
        parameters.userPhoneNumber = MALLORY_PHONE
      },
    ],
  ])('is refused when it %s, before anything is signed or asked', async (_what, factor, edit) => {
    const w = await world()
    const resetId = await readyReset(w, factor)
    const options = factor === 'SMS_OTP' ? { mobile: { countryCode: '+33', number: '633334444' } } : {}
    w.setTamper({ response: editedChallenge(edit) })
    const refused = await expectCode(
      () => w.wallet.sca.completeReset(w.id, resetId, options),
      'PAYLOAD_MISMATCH',
    )
    expect(refused.details?.field).toBe('parameters.userPhoneNumber')
    expect(w.signed).toEqual([])
    expect(w.asked).toEqual([])
    expect((await w.wallet.sca.resetStatus(w.id, resetId)).status).toBe('LIVENESS_PASSED')
  })
})
