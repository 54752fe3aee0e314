// The client's flows against a scripted service that answers as the published contract says:
// payments with SCA at execution, the code resend, the customer's contact change, delegated keys,
// the header name on every signed call, and the service's error codes.
import { describe, expect, it } from 'vitest'
import type { ScaStep } from '../../src/sca/authorizeSca.js'
import { verifyStamp } from '../../src/stamp/verifyStamp.js'
import { expectCode } from '../helpers/expectCode.js'
import { scriptedService } from './scriptedService.js'

const CARD = 'Card:019542f5-b3e7-1d02-0000-000000000010'

describe('payments with SCA at execution', () => {
  it('executes with the wallet signature, then authorizes each step until the quote is released, never calling it paid', async () => {
    const { wallet, arrivals, ids, smsCode, session } = await scriptedService()
    const steps: ScaStep[] = []
    const payment = await wallet.quotes.execute(ids.quote, {
      idempotencyKey: 'pay-1',
      endUserIpAddress: '203.0.113.42',
      onScaChallenge: (step) => {
        steps.push(step)
        return { code: smsCode }
      },
    })
    expect(steps.map((step) => [step.index, step.purpose, step.challenge.factor])).toEqual([
      [1, 'CURRENCY_CONVERSION', 'SMS_OTP'],
      [2, 'PAYOUT', 'SMS_OTP'],
    ])
    expect(payment).toMatchObject({ paid: false, released: true, awaitingAuthorization: false })
    expect(payment.quote.status).toBe('PROCESSING')
    const [, execute, ...authorizations] = arrivals
    expect(execute).toMatchObject({ method: 'POST', path: `/quotes/${ids.quote}/execute`, status: 200 })
    expect(execute?.headers['idempotency-key']).toBe('pay-1')
    expect(execute?.body).toBeUndefined()
    const [instructions] = payment.quote.paymentInstructions ?? []
    const { payloadToSign } = (instructions?.accountOrWalletInfo ?? {}) as { payloadToSign?: string }
    const stampHeader = execute?.headers['service-wallet-signature'] ?? ''
    expect(await verifyStamp(stampHeader, String(payloadToSign))).toEqual({
      valid: true,
      publicKey: session.publicKey,
    })
    // The quote the authorize answers is the next state: no re-read between the steps.
    expect(authorizations.map((a) => [a.method, a.path, a.body])).toEqual([
      ['POST', `/quotes/${ids.quote}/authorize`, { endUserIpAddress: '203.0.113.42', code: smsCode }],
      ['POST', `/quotes/${ids.quote}/authorize`, { endUserIpAddress: '203.0.113.42', code: smsCode }],
    ])
  })

  it('returns the quote awaiting authorization without a callback, and resumes it later instead of executing again', async () => {
    const { wallet, arrivals, ids, smsCode } = await scriptedService({ scaSteps: 1 })
    const pending = await wallet.quotes.execute(ids.quote, { scaFactor: 'SMS_OTP' })
    expect(pending).toMatchObject({ paid: false, released: false, awaitingAuthorization: true })
    expect(pending.quote.scaChallenge?.factor).toBe('SMS_OTP')
    expect(arrivals[1]?.body).toEqual({ scaFactor: 'SMS_OTP' })
    // A wrong code: the service's 400, and the step stays open.
    await expectCode(
      () => wallet.quotes.execute(ids.quote, { onScaChallenge: () => ({ code: '000000' }) }),
      'INVALID_INPUT',
    )
    const resumed = await wallet.quotes.execute(ids.quote, { onScaChallenge: () => ({ code: smsCode }) })
    expect(resumed).toMatchObject({ released: true, paid: false })
    expect(arrivals.filter((a) => a.path.endsWith('/execute'))).toHaveLength(1)
  })

  it('answers a passkey step with the assertion and the origin it ran on', async () => {
    const { wallet, arrivals, ids } = await scriptedService({ scaSteps: 1 })
    const assertion = {
      credentialId: 'Y3JlZA',
      clientDataJson: 'e30',
      authenticatorData: 'AA',
      signature: 'MEU',
    }
    const payment = await wallet.quotes.execute(ids.quote, {
      scaFactor: 'PASSKEY',
      onScaChallenge: ({ challenge }) => {
        expect(challenge.factor).toBe('PASSKEY')
        return { passkeyAssertion: assertion, origin: 'https://wallet.example' }
      },
    })
    expect(payment.released).toBe(true)
    expect(arrivals.at(-1)?.body).toEqual({ passkeyAssertion: assertion, origin: 'https://wallet.example' })
  })

  it("runs 'passkey' on the page's origin or the one given, and never sends a proof without one", async () => {
    const { wallet, ids, arrivals } = await scriptedService({ scaSteps: 1 })
    // No page here (Node): no location.origin to bind the assertion to.
    await expectCode(
      () => wallet.quotes.execute(ids.quote, { scaFactor: 'PASSKEY', onScaChallenge: () => 'passkey' }),
      'INVALID_ARGUMENT',
    )
    // With the origin named, the ceremony itself is what Node lacks.
    await expectCode(
      () =>
        wallet.quotes.authorize(ids.quote, {
          origin: 'https://wallet.example',
          onScaChallenge: () => 'passkey',
        }),
      'PASSKEY_NOT_SUPPORTED',
    )
    expect(arrivals.filter((a) => a.path.endsWith('/authorize'))).toEqual([])
  })

  it('re-sends the code (204) and passes the 429 on with retryAfter; a released quote is a 409', async () => {
    const { wallet, ids, advance, smsCode } = await scriptedService({ scaSteps: 1 })
    await wallet.quotes.execute(ids.quote)
    await wallet.quotes.resend(ids.quote)
    const limited = await expectCode(() => wallet.quotes.resend(ids.quote), 'RATE_LIMITED')
    expect(limited).toMatchObject({ status: 429, retryAfter: 30 })
    advance(30_000)
    await wallet.quotes.resend(ids.quote)
    await wallet.quotes.authorize(ids.quote, { onScaChallenge: () => ({ code: smsCode }) })
    await expectCode(() => wallet.quotes.resend(ids.quote), 'CONFLICT')
    const again = await expectCode(() => wallet.quotes.execute(ids.quote), 'INVALID_STATE_TRANSITION')
    expect(again.status).toBe(409)
  })

  it.each([
    [409, 'SCA_SESSION_REQUIRED', undefined],
    [423, 'ACCOUNT_LOCKED', undefined],
    [429, 'RATE_LIMITED', 45],
  ])(
    'passes an authorize refused %i %s on typed, with its status and retryAfter',
    async (status, code, retryAfter) => {
      const refusal = { status, code, ...(retryAfter === undefined ? {} : { retryAfter }) }
      const { wallet, ids, smsCode } = await scriptedService({ scaSteps: 1, authorizeRefusals: [refusal] })
      const error = await expectCode(
        () => wallet.quotes.execute(ids.quote, { onScaChallenge: () => ({ code: smsCode }) }),
        code,
      )
      expect(error).toMatchObject({ status, retryAfter })
      // The step is still open: the page may try again once it has dealt with the refusal.
      expect(
        (await wallet.quotes.execute(ids.quote, { onScaChallenge: () => ({ code: smsCode }) })).released,
      ).toBe(true)
    },
  )

  it('executes a payment of a customer outside SCA regions at once', async () => {
    const { wallet, ids } = await scriptedService({ scaSteps: 0 })
    let asked = 0
    const payment = await wallet.quotes.execute(ids.quote, {
      onScaChallenge: () => {
        asked++
        return { code: '1' }
      },
    })
    expect(payment).toMatchObject({ released: true, paid: false, awaitingAuthorization: false })
    expect(asked).toBe(0)
  })
})

describe('signed account changes', () => {
  it("changes the email with the signed retry, one field per call, under the customer's type", async () => {
    const { wallet, arrivals, ids } = await scriptedService()
    const customer = await wallet.customers.updateContact(ids.customer, { email: 'grace@example.com' })
    expect(customer).toMatchObject({ id: ids.customer, email: 'grace@example.com' })
    expect(arrivals.map((a) => [a.method, a.status, a.body])).toEqual([
      ['GET', 200, undefined],
      ['PATCH', 202, { customerType: 'BUSINESS', email: 'grace@example.com' }],
      ['PATCH', 200, { customerType: 'BUSINESS', email: 'grace@example.com' }],
    ])
    const phone = await wallet.customers.updateContact(
      ids.customer,
      { phoneNumber: '+14155559876' },
      { customerType: 'BUSINESS' },
    )
    expect(phone.phoneNumber).toBe('+14155559876')
    expect(arrivals).toHaveLength(5)
    const both = { email: 'a@example.com', phoneNumber: '+14155550000' } as never
    await expectCode(() => wallet.customers.updateContact(ids.customer, both), 'INVALID_ARGUMENT')
    await expectCode(() => wallet.customers.updateContact(ids.customer, {} as never), 'INVALID_ARGUMENT')
    expect(arrivals).toHaveLength(5)
  })

  it('creates a delegated key through both challenges, lists it and revokes it', async () => {
    const { wallet, arrivals, ids } = await scriptedService()
    const created = await wallet.delegatedKeys.create({
      cardId: CARD,
      internalAccountId: ids.account,
      nickname: 'Card payments key',
    })
    expect(created).toMatchObject({ status: 'ACTIVE', cardId: CARD, accountId: ids.account })
    expect(arrivals.map((a) => a.status)).toEqual([202, 202, 201])
    const requestIds = arrivals.map((a) => a.headers['request-id'])
    expect(requestIds[0]).toBeUndefined()
    expect(new Set(requestIds.slice(1)).size).toBe(2)
    for (const leg of arrivals.slice(1)) {
      expect(leg.body).toEqual(arrivals[0]?.body)
      // The service checked each stamp against its own leg's payload.
      expect(leg.headers['service-wallet-signature']).toBeTruthy()
    }
    expect((await wallet.delegatedKeys.list({ accountId: ids.account })).map((key) => key.id)).toEqual([
      created.id,
    ])
    await expectCode(() => wallet.delegatedKeys.list({}), 'INVALID_ARGUMENT')
    await wallet.delegatedKeys.revoke(created.id)
    expect((await wallet.delegatedKeys.list({ accountId: ids.account }))[0]?.status).toBe('REVOKED')
    await expectCode(() => wallet.delegatedKeys.revoke(created.id), 'INVALID_INPUT')
  })

  it('sends the signature under the configured header name on every signed call', async () => {
    const headerName = 'Grid-Wallet-Signature'
    const { wallet, arrivals, ids, smsCode } = await scriptedService({ headerName, scaSteps: 1 })
    await wallet.customers.updateContact(ids.customer, { email: 'grace@example.com' })
    await wallet.delegatedKeys.create({ cardId: CARD, internalAccountId: ids.account, nickname: 'k' })
    await wallet.quotes.execute(ids.quote, { onScaChallenge: () => ({ code: smsCode }) })
    const signed = arrivals.filter((a) => a.headers['grid-wallet-signature'])
    expect(signed.map((a) => `${a.method} ${a.path.split('/').slice(0, 3).join('/')}`)).toEqual([
      `PATCH /customers/${ids.customer}`,
      'POST /auth/delegated-keys',
      'POST /auth/delegated-keys',
      `POST /quotes/${ids.quote}`,
    ])
    expect(arrivals.some((a) => 'service-wallet-signature' in a.headers)).toBe(false)
  })
})
