// Beneficiary trust from a page, in page mode and in signer mode, through the integrator's relay
// against the in-process sandbox: the person gives the SCA code (onScaChallenge), and a trust is
// confirmed by the person too (the client's confirm; in signer mode the signer's dialog), since
// payments to a trusted payee then go without a code. Untrusting asks no confirmation.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { ConfirmAction } from '../../src/client/confirmAction.js'
import { createPageHeldWalletAuth } from '../../src/client/createWalletAuth.js'
import { WalletAuthError } from '../../src/errors.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import type { ScaStep } from '../../src/sca/authorizeSca.js'
import { SIGNER_METHODS, type SignerIo } from '../../src/signer/signerMethods.js'
import { CALLBACK_MARK } from '../../src/signer/signerProtocol.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, createExternalAccount, fund, startHarness } from '../sandbox/harness.js'
import { SCA_CODE, uniquePhone, verifyPhone } from '../sandbox/scaCustomer.js'
import { customerRelay } from './customerRelay.js'

const BASE = 'http://app.test/wallet'
const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }

/**
 * An EU customer (verified phone, funded wallet, a EUR payee of its own) and its page's client
 * signed in through its relay; `asked` lists what the client's confirm was asked, `person.answer`
 * is the answer.
 */
async function eurPayer() {
  const h = await startHarness()
  const customer = await createCustomer(h, { address: PARIS, phoneNumber: uniquePhone() })
  await verifyPhone(h, customer.customerId)
  await fund(h, customer.accountId, 50_000_000)
  const payeeId = await createExternalAccount(h, customer.customerId, '000123456', 'EUR')
  const relay = customerRelay(h, customer.customerId)
  const sent: string[] = []
  const asked: PayloadDescription[] = []
  const person = { answer: true }
  const clientFor = (confirm: ConfirmAction) =>
    createPageHeldWalletAuth({
      baseUrl: BASE,
      fetch: (input, init) => {
        const request = new Request(input, init)
        sent.push(`${request.method} ${new URL(request.url).pathname}`)
        return relay(request)
      },
      keyStore: createKeyStore({ indexedDB: null, now: h.sandbox.clock.now }),
      trustedSigners: [h.sandbox.signerPublicKey],
      now: h.sandbox.clock.now,
      confirm,
    })
  const wallet = clientFor((description) => {
    asked.push(description)
    return person.answer
  })
  await wallet.emailOtp.send(customer.emailCredentialId)
  await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
  asked.length = 0
  return { h, customer, payeeId, wallet, sent, asked, person, clientFor }
}

/** The person's answer to each step: the sandbox's code; the steps are kept. */
function codeGiver(code = SCA_CODE) {
  const steps: ScaStep[] = []
  return {
    steps,
    onScaChallenge: (step: ScaStep) => {
      steps.push(step)
      return { code }
    },
  }
}

describe('beneficiaries in page mode', () => {
  it('trusts with the code and the person’s yes, then pays it without a code; untrusts without a yes', async () => {
    const { customer, payeeId, wallet, asked } = await eurPayer()
    const payment = async () => {
      const quote = await wallet.quotes.create({
        source: { sourceType: 'ACCOUNT', accountId: customer.accountId },
        destination: { destinationType: 'ACCOUNT', accountId: payeeId },
        lockedCurrencySide: 'SENDING',
        lockedCurrencyAmount: 1_000_000,
      })
      return wallet.quotes.execute(quote.id, { confirm: () => true })
    }
    expect((await payment()).awaitingAuthorization).toBe(true)

    const giver = codeGiver()
    expect(await wallet.beneficiaries.trust(payeeId, giver)).toEqual({ trusted: true })
    expect(giver.steps).toHaveLength(1)
    expect(giver.steps[0]?.challenge).toMatchObject({ factor: 'SMS_OTP', availableFactors: ['SMS_OTP'] })
    expect(asked).toHaveLength(1)
    expect(asked[0]).toMatchObject({
      action: 'trust-beneficiary',
      ids: [payeeId],
      unchecked: ['the payee "Grace Hopper"'],
    })
    expect(asked[0]?.summary).toMatch(/no longer ask for a code/)

    const trustedPayment = await payment()
    expect([trustedPayment.awaitingAuthorization, trustedPayment.released]).toEqual([false, true])

    asked.length = 0
    expect(await wallet.beneficiaries.untrust(payeeId, codeGiver())).toEqual({ trusted: false })
    expect(asked).toEqual([])
    expect((await payment()).awaitingAuthorization).toBe(true)
  })

  it('trusts nothing when the person says no, or the code is wrong', async () => {
    const { h, payeeId, wallet, person, sent } = await eurPayer()
    person.answer = false
    await expectCode(() => wallet.beneficiaries.trust(payeeId, codeGiver()), 'CONFIRMATION_DECLINED')
    person.answer = true
    await expectCode(() => wallet.beneficiaries.trust(payeeId, codeGiver('000000')), 'INVALID_INPUT')
    // Still deletable: it was never trusted.
    expect((await h.call('DELETE', `/customers/external-accounts/${payeeId}`)).status).toBe(204)
    expect(sent.filter((line) => line.endsWith('/trust/confirm')).length).toBeGreaterThan(0)
  })

  it('refuses another customer’s payee, and arguments it cannot send', async () => {
    const { h, wallet, sent } = await eurPayer()
    const other = await createCustomer(h, { address: PARIS, phoneNumber: uniquePhone() })
    const theirs = await createExternalAccount(h, other.customerId, '000654321', 'EUR')
    await expectCode(() => wallet.beneficiaries.trust(theirs, codeGiver()), 'FORBIDDEN')
    await expectCode(() => wallet.beneficiaries.untrust(theirs, codeGiver()), 'FORBIDDEN')
    const before = sent.length
    await expectCode(() => wallet.beneficiaries.trust('', codeGiver()), 'INVALID_ARGUMENT')
    await expectCode(
      () => wallet.beneficiaries.trust(theirs, {} as Parameters<typeof wallet.beneficiaries.trust>[1]),
      'INVALID_ARGUMENT',
    )
    expect(sent.length).toBe(before)
  })
})

describe('beneficiaries in signer mode', () => {
  it('are methods the framed client sends and the signer runs', () => {
    const source = readFileSync(
      new URL('../../src/signer-client/createFramedWalletAuth.ts', import.meta.url),
      'utf8',
    )
    const names = [...source.matchAll(/(?:plain|call)\(\s*'([\w.]+)'/g)].map(([, name]) => name ?? '')
    for (const name of ['beneficiaries.trust', 'beneficiaries.untrust']) {
      expect(names).toContain(name)
      expect(Object.hasOwn(SIGNER_METHODS, name)).toBe(true)
    }
  })

  it('asks the page for the code and the person in the signer’s dialog; the page’s fetch cannot trust', async () => {
    const { payeeId, wallet, asked, person, clientFor, h } = await eurPayer()
    const callbacks: Array<[string, unknown[]]> = []
    // As startSigner has it: the page's plain fetch signs only what the person need not confirm.
    const plain = clientFor(() => {
      throw new WalletAuthError('SIGNER_REFUSED', 'Ask for this act with its own method.')
    })
    const io = {
      dialog: {},
      callback: async (name: string, args: unknown[]) => {
        callbacks.push([name, args])
        return { code: SCA_CODE }
      },
      prepared: new Map(),
      baseUrl: BASE,
      fetch: plain.fetch,
      dangerouslyAcceptUnsignedSandboxExport: false,
    } as unknown as SignerIo
    const run = (method: string, ...args: unknown[]) => {
      const found = SIGNER_METHODS[method]
      if (!found) throw new Error(`no signer method ${method}`)
      return found(wallet, args, io)
    }
    const fromPage = { onScaChallenge: { [CALLBACK_MARK]: 'onScaChallenge' }, confirm: () => true }

    // The page's own fetch: a code it saw and the relay's challenge are not enough.
    const challengeId = (
      (await h.call('POST', `/customers/external-accounts/${payeeId}/trust`)).body.scaChallenge as {
        id: string
      }
    ).id
    const refused = await run('fetch', {
      url: `${BASE}/customers/external-accounts/${encodeURIComponent(payeeId)}/trust/confirm`,
      method: 'POST',
      headers: [['content-type', 'application/json']],
      body: JSON.stringify({ challengeId, code: SCA_CODE }),
    }).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(WalletAuthError)
    expect(['PAYLOAD_MISMATCH', 'SIGNER_REFUSED']).toContain((refused as WalletAuthError).code)

    // The page says yes on the person's behalf: it does not cross; the person says no.
    person.answer = false
    await expectCode(() => run('beneficiaries.trust', payeeId, fromPage), 'CONFIRMATION_DECLINED')
    expect(asked.map((description) => description.action)).toEqual(['trust-beneficiary'])
    person.answer = true
    expect(await run('beneficiaries.trust', payeeId, fromPage)).toEqual({ trusted: true })
    expect(callbacks.map(([name]) => name)).toEqual(['onScaChallenge', 'onScaChallenge'])
    expect(await run('beneficiaries.untrust', payeeId, fromPage)).toEqual({ trusted: false })
    expect(asked).toHaveLength(2)

    await expectCode(() => run('beneficiaries.trust', 42, fromPage), 'SIGNER_REFUSED')
    await expectCode(
      () => run('beneficiaries.trust', payeeId, { onScaChallenge: () => ({ code: SCA_CODE }) }),
      'SIGNER_REFUSED',
    )
  })
})
