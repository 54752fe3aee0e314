// The new methods in signer mode: what the page's framed client asks for is a method of the signer's
// closed list, which reads each argument itself and runs the signer's own client. Completing an SCA
// factor's reset is confirmed by the person in the signer's dialog (the client's confirm), whatever
// the page sends, and the page's plain fetch cannot complete one behind the person's back.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import type { ConfirmAction } from '../../src/client/confirmAction.js'
import { createPageHeldWalletAuth } from '../../src/client/createWalletAuth.js'
import { WalletAuthError } from '../../src/errors.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { RESET_LIVENESS_MS } from '../../src/sandbox/sca/factorResetRoutes.js'
import { SIGNER_METHODS, type SignerIo } from '../../src/signer/signerMethods.js'
import { customerRelay } from '../client/customerRelay.js'
import { expectCode } from '../helpers/expectCode.js'
import { createCustomer, fund, startHarness } from '../sandbox/harness.js'
import { uniquePhone, verifyPhone } from '../sandbox/scaCustomer.js'

const BASE = 'http://app.test/wallet'
const HEADER = 'Service-Wallet-Signature'
const PARIS = { line1: '1 Rue de Rivoli', city: 'Paris', postalCode: '75001', country: 'FR' }

/**
 * The signer's side for one EU customer signed in: its client (the person's answers in `dialog`),
 * the page's plain fetch as the signer runs it, and `run`, a call from the page by method name.
 */
async function signer() {
  const h = await startHarness()
  const customer = await createCustomer(h, { address: PARIS, phoneNumber: uniquePhone() })
  await verifyPhone(h, customer.customerId)
  const relay = customerRelay(h, customer.customerId)
  const signed: string[] = []
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    if (request.headers.has(HEADER)) signed.push(new URL(request.url).pathname)
    return relay(request)
  }
  const asked: PayloadDescription[] = []
  const person = { answer: true }
  // One store for the signer's two clients, as the signer's IndexedDB is.
  const keyStore = createKeyStore({ indexedDB: null, now: h.sandbox.clock.now })
  const clientFor = (confirm: ConfirmAction) =>
    createPageHeldWalletAuth({
      baseUrl: BASE,
      fetch,
      keyStore,
      trustedSigners: [h.sandbox.signerPublicKey],
      now: h.sandbox.clock.now,
      confirm,
    })
  const client = clientFor((description) => {
    asked.push(description)
    return person.answer
  })
  await client.emailOtp.send(customer.emailCredentialId)
  await client.emailOtp.verify(customer.emailCredentialId, '000000')
  signed.length = 0
  // As startSigner has it: the page's fetch signs only what the person need not confirm.
  const plain = clientFor(() => {
    throw new WalletAuthError('SIGNER_REFUSED', 'Ask for this act with its own method.')
  })
  const io = {
    dialog: {},
    callback: async () => undefined,
    prepared: new Map(),
    baseUrl: BASE,
    fetch: plain.fetch,
    dangerouslyAcceptUnsignedSandboxExport: false,
  } as unknown as SignerIo
  const run = (method: string, ...args: unknown[]) => {
    const found = SIGNER_METHODS[method]
    if (!found) throw new Error(`no signer method ${method}`)
    return found(client, args, io)
  }
  return { h, customer, run, asked, person, signed }
}

describe('the signer runs the new methods the framed client asks for', () => {
  it('knows every method name the framed client sends', () => {
    const source = readFileSync(
      new URL('../../src/signer-client/createFramedWalletAuth.ts', import.meta.url),
      'utf8',
    )
    const names = [...source.matchAll(/(?:plain|call)\(\s*'([\w.]+)'/g)].map(([, name]) => name ?? '')
    for (const name of ['transactions.list', 'transactions.get', 'delegatedKeys.get', 'sca.startReset']) {
      expect(names).toContain(name)
    }
    expect(names.filter((name) => !Object.hasOwn(SIGNER_METHODS, name))).toEqual([])
  })

  it("completes a reset once the person said yes in the signer's dialog, whatever the page sent", async () => {
    const { h, customer, run, asked, person, signed } = await signer()
    const id = customer.customerId
    const { resetId } = (await run('sca.startReset', id, 'SMS_OTP')) as { resetId: string }
    h.sandbox.clock.advance(RESET_LIVENESS_MS)
    expect(await run('sca.resetStatus', id, resetId)).toMatchObject({ status: 'LIVENESS_PASSED' })
    // The page says yes on the person's behalf, and slips in a member: neither crosses.
    const fromPage = { confirm: true, mobile: { countryCode: '+33', number: '644445555', extra: 'x' } }
    person.answer = false
    await expectCode(() => run('sca.completeReset', id, resetId, fromPage), 'CONFIRMATION_DECLINED')
    expect(signed).toEqual([])
    expect(asked.map((description) => description.contact)).toEqual(['+33644445555'])
    person.answer = true
    await run('sca.completeReset', id, resetId, fromPage)
    expect(await run('sca.resetStatus', id, resetId)).toMatchObject({ status: 'COMPLETED' })
    expect((await h.call('GET', `/customers/${id}`)).body.phoneNumber).toBe('+33644445555')
  })

  it("refuses the page's plain fetch completing a reset: only the method asks the person", async () => {
    const { h, customer, run, signed } = await signer()
    const id = customer.customerId
    const { resetId } = (await run('sca.startReset', id, 'SMS_OTP')) as { resetId: string }
    h.sandbox.clock.advance(RESET_LIVENESS_MS)
    const body = JSON.stringify({ mobile: { countryCode: '+33', number: '655556666' } })
    const url = `${BASE}/sca/factors/reset/${encodeURIComponent(resetId)}/complete?customerId=${encodeURIComponent(id)}`
    const request = { url, method: 'POST', headers: [['content-type', 'application/json']], body }
    // Refused before the person could be asked: the page's fetch does not hold the relay's activity
    // to the customer its query names (PAYLOAD_MISMATCH), and would refuse to ask (SIGNER_REFUSED).
    const refused = await run('fetch', request).then(
      () => undefined,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(WalletAuthError)
    expect(['PAYLOAD_MISMATCH', 'SIGNER_REFUSED']).toContain((refused as WalletAuthError).code)
    expect(signed).toEqual([])
    expect(await run('sca.resetStatus', id, resetId)).toMatchObject({ status: 'LIVENESS_PASSED' })
  })

  it.each<[string, string, unknown[]]>([
    ['a customer that is not text', 'sca.startReset', [42, 'SMS_OTP']],
    ['a reset that is not text', 'sca.resetStatus', ['Customer:1', { id: 'r' }]],
    ['a reset id too long', 'sca.completeReset', ['Customer:1', 'r'.repeat(501)]],
    ['a mobile that is not an object', 'sca.completeReset', ['Customer:1', 'r', { mobile: '+33612345678' }]],
    [
      'a mobile without its number',
      'sca.completeReset',
      ['Customer:1', 'r', { mobile: { countryCode: '+33' } }],
    ],
    ['options that are not an object', 'transactions.list', ['Customer:1', 'limit=5']],
    ['a transaction that is not text', 'transactions.get', [['Transaction:1']]],
    ['a delegated key that is not text', 'delegatedKeys.get', [undefined]],
  ])('refuses %s before anything is sent', async (_what, method, args) => {
    const { run, signed } = await signer()
    await expectCode(() => run(method, ...args), 'SIGNER_REFUSED')
    expect(signed).toEqual([])
  })

  it('lists and reads transactions, and reads a delegated key, for the page', async () => {
    const { h, customer, run } = await signer()
    await fund(h, customer.accountId, 1_000_000)
    await fund(h, customer.accountId, 2_000_000)
    const page = (await run('transactions.list', customer.customerId, { limit: 1, type: 'INCOMING' })) as {
      data: Array<{ id: string }>
      hasMore: boolean
    }
    expect(page).toMatchObject({ hasMore: true, data: [{ customerId: customer.customerId }] })
    expect(await run('transactions.get', page.data[0]?.id)).toMatchObject({ id: page.data[0]?.id })
    await expectCode(() => run('transactions.list', customer.customerId, { limit: 500 }), 'INVALID_ARGUMENT')
    await expectCode(() => run('delegatedKeys.get', 'DelegatedKey:nope'), 'FORBIDDEN')
  })
})
