// The sandbox's webhooks, received by a real HTTP receiver on localhost: each event the flows
// cause arrives once, signed under the sandbox's webhook key (verified here with WebCrypto,
// independently of the testing entry's receiver) and shaped as the contract defines it.

import { afterEach, describe, expect, it } from 'vitest'
import { derSignatureToRaw } from '../../src/crypto/derSignatureToRaw.js'
import { LEGACY_SIGNATURE } from '../../src/sandbox/signedRetry.js'
import { WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import type { ReceivedWebhook, WebhookCollector } from '../../src/testing/collectWebhooks.js'
import {
  startTestSandbox,
  type TestSandbox,
  type TestSandboxOptions,
} from '../../src/testing/startTestSandbox.js'
import { contractFetch } from '../contract/contractFetch.js'
import { webhookProblems } from '../contract/webhookSchemas.js'

const START = Date.parse('2026-03-02T09:00:00Z')
const WAIT = { timeoutMs: 20_000 }
const POLL = { timeout: 20_000 }
const open: TestSandbox[] = []

// Every webhook a test received, whatever the test looked at, is checked against the contract.
afterEach(async () => {
  const sandboxes = open.splice(0)
  await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
  for (const sandbox of sandboxes) expectContract(sandbox.webhooks?.events ?? [])
})

async function start(options: TestSandboxOptions = {}) {
  const sandbox = await startTestSandbox({ now: () => START, webhooks: true, ...options })
  open.push(sandbox)
  const api = contractFetch(sandbox.fetch)
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await api(`${sandbox.baseUrl}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }
  const collector = sandbox.webhooks
  if (!collector && options.webhooks !== false) throw new Error('no webhook receiver')
  const webhooks = collector && {
    ...collector,
    waitFor: ((type, matches, wait) =>
      collector.waitFor(type, matches, { ...WAIT, ...wait })) as WebhookCollector['waitFor'],
  }
  return { sandbox, call, webhooks: webhooks as WebhookCollector }
}

/** Verifies a delivery as a platform would: the PEM key, the header's DER signature, the raw body. */
async function verifiedByKey(publicKeyPem: string, header: string, body: string): Promise<boolean> {
  const spki = Buffer.from(publicKeyPem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64')
  const key = await crypto.subtle.importKey('spki', spki, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ])
  const { v, s } = JSON.parse(header) as { v: string; s: string }
  expect(v).toBe('1')
  const raw = derSignatureToRaw(new Uint8Array(Buffer.from(s, 'base64')))
  return crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, raw, new TextEncoder().encode(body))
}

async function usdAccountAndBank(
  call: Awaited<ReturnType<typeof start>>['call'],
  customerId: string,
  accountNumber: string,
) {
  const accounts = await call('GET', `/customers/internal-accounts?customerId=${customerId}&currency=USD`)
  const [usd] = accounts.body.data as Array<{ id: string }>
  if (!usd) throw new Error('no USD account')
  const bank = await call('POST', '/customers/external-accounts', {
    customerId,
    currency: 'USD',
    accountInfo: {
      accountType: 'USD_ACCOUNT',
      accountNumber,
      routingNumber: '021000021',
      beneficiary: { beneficiaryType: 'INDIVIDUAL', fullName: 'Grace Hopper' },
    },
  })
  expect(bank.status).toBe(201)
  return { usd: usd.id, bank: String(bank.body.id) }
}

function expectContract(received: ReceivedWebhook[]) {
  expect(received.flatMap((webhook) => webhookProblems(webhook.event))).toEqual([])
}

// Bounds on real-time waits, generous for a busy machine: each wait ends as soon as its condition holds.
// The tests' own timeout (60 s): they do real network work, a receiver on localhost over sockets.
describe('sandbox webhooks', { timeout: 60_000 }, () => {
  it("sends each flow's events once, signed under webhookPublicKey, as the contract shapes them", async () => {
    const { sandbox, call, webhooks } = await start()
    const ada = await sandbox.createCustomer({ fullName: 'Ada Lovelace' })
    const kyc = await webhooks.waitFor('CUSTOMER.KYC_APPROVED')
    expect(kyc.event.data).toMatchObject({ id: ada.customerId, kycStatus: 'APPROVED' })

    await sandbox.fund(ada.accountId, 5_000_000)
    const incoming = await webhooks.waitFor('INCOMING_PAYMENT.COMPLETED')
    expect(incoming.event.data).toMatchObject({
      type: 'INCOMING',
      status: 'COMPLETED',
      receivedAmount: { amount: 5_000_000 },
      destination: { accountId: ada.accountId },
    })
    const balance = await webhooks.waitFor('INTERNAL_ACCOUNT.BALANCE_UPDATED')
    expect(balance.event.data).toMatchObject({ id: ada.accountId, balance: { amount: 5_000_000 } })

    const verification = await call('POST', '/verifications', { customerId: ada.customerId })
    expect(verification.status).toBe(200)
    const verified = await webhooks.waitFor('VERIFICATION.IN_PROGRESS')
    expect(verified.event.data).toMatchObject({ id: verification.body.id })

    // A transfer to an account number ending 004 is PENDING, then rejected by the bank 3 s later.
    const { usd, bank } = await usdAccountAndBank(call, ada.customerId, '000123456004')
    await sandbox.fund(usd, 20_000)
    const transfer = await call('POST', '/transfer-out', {
      source: { accountId: usd },
      destination: { accountId: bank },
      amount: 12_550,
    })
    expect(transfer.status).toBe(201)
    const isTransfer = (webhook: ReceivedWebhook) => webhook.event.data?.id === transfer.body.id
    const pending = await webhooks.waitFor('OUTGOING_PAYMENT.PENDING', isTransfer)
    expect(pending.event.data).toMatchObject({ status: 'PENDING' })
    expect(pending.event.data).not.toHaveProperty('failureReason')
    sandbox.clock.advance(3_000)
    const failed = await webhooks.waitFor('OUTGOING_PAYMENT.FAILED', isTransfer)
    expect(failed.event.data).toMatchObject({ status: 'FAILED', failureReason: 'ACCOUNT_CANNOT_RECEIVE' })
    expect(failed.event.timestamp).toBe(new Date(START + 3_000).toISOString())
    await webhooks.waitFor('INTERNAL_ACCOUNT.BALANCE_UPDATED', (webhook) => {
      const data = webhook.event.data as { id?: string; balance?: { amount?: number } }
      return data.id === usd && data.balance?.amount === 20_000
    })

    // A plain transfer completes at once.
    const paid = await usdAccountAndBank(call, ada.customerId, '000123456000')
    const done = await call('POST', '/transfer-out', {
      source: { accountId: usd },
      destination: { accountId: paid.bank },
      amount: 100,
    })
    await webhooks.waitFor('OUTGOING_PAYMENT.COMPLETED', (webhook) => webhook.event.data?.id === done.body.id)

    expect((await call('POST', '/sandbox/webhooks/test')).body).toMatchObject({ response_status: 200 })
    await webhooks.waitFor('TEST')

    const received = webhooks.events
    expectContract(received)
    expect(webhooks.rejected).toEqual([])
    const ids = received.map((webhook) => webhook.event.id)
    expect(new Set(ids).size).toBe(ids.length)
    const types = received.map((webhook) => webhook.event.type)
    expect(types.filter((type) => type === 'INCOMING_PAYMENT.COMPLETED')).toHaveLength(2)
    expect(types.filter((type) => type === 'OUTGOING_PAYMENT.FAILED')).toHaveLength(1)
    expect(types.filter((type) => type === 'OUTGOING_PAYMENT.PENDING')).toHaveLength(1)
    expect(types.filter((type) => type === 'TEST')).toHaveLength(1)
    for (const webhook of received) {
      expect(webhook.event.timestamp >= new Date(START).toISOString()).toBe(true)
    }
    // The check bites: the same events, bent out of the contract, are refused.
    expect(webhookProblems({ ...incoming.event, type: 'INCOMING_PAYMENT.SETTLED' })).not.toEqual([])
    expect(webhookProblems({ ...failed.event, data: { ...failed.event.data, status: 'DONE' } })).not.toEqual(
      [],
    )
    expect(webhookProblems({ ...balance.event, extra: true })).not.toEqual([])
    expect(webhookProblems({ ...incoming.event, type: 'OUTGOING_PAYMENT.COMPLETED' })).not.toEqual([])
  })

  it('announces an executed quote as OUTGOING_PAYMENT.PROCESSING, then COMPLETED as it settles', async () => {
    const { sandbox, call, webhooks } = await start()
    const ada = await sandbox.createCustomer({
      address: { line1: '1 Main St', city: 'Town', postalCode: '12345', country: 'US' },
    })
    const { bank } = await usdAccountAndBank(call, ada.customerId, '000123456789')
    await sandbox.fund(ada.accountId, 50_000_000)
    const quote = await call('POST', '/quotes', {
      source: { sourceType: 'ACCOUNT', accountId: ada.accountId },
      destination: { destinationType: 'ACCOUNT', accountId: bank },
      lockedCurrencySide: 'SENDING',
      lockedCurrencyAmount: 10_000_000,
    })
    expect(quote.status).toBe(201)
    const executed = await sandbox.fetch(
      new Request(`${sandbox.baseUrl}/quotes/${quote.body.id}/execute`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [WALLET_SIGNATURE_HEADER]: LEGACY_SIGNATURE },
        body: '{}',
      }),
    )
    expect(executed.status).toBe(200)
    const ofQuote = (webhook: ReceivedWebhook) => webhook.event.data?.id === quote.body.transactionId
    const processing = await webhooks.waitFor('OUTGOING_PAYMENT.PROCESSING', ofQuote)
    expect(processing.event.data).toMatchObject({ status: 'PROCESSING', quoteId: quote.body.id })
    expect(processing.event.data).not.toHaveProperty('settledAt')
    expect(webhooks.events.filter(ofQuote).map((webhook) => webhook.event.type)).toEqual([
      'OUTGOING_PAYMENT.PROCESSING',
    ])
    sandbox.clock.advance(3_000)
    const completed = await webhooks.waitFor('OUTGOING_PAYMENT.COMPLETED', ofQuote)
    expect(completed.event.data).toMatchObject({
      status: 'COMPLETED',
      settledAt: new Date(START + 3_000).toISOString(),
    })
    expectContract(webhooks.events)
  })

  it('signs over the exact body in the configured header, verifiable with WebCrypto', async () => {
    const headers: string[] = []
    const { sandbox, webhooks } = await start({
      webhookSignatureHeaderName: 'X-Grid-Signature',
    })
    await sandbox.createCustomer()
    const { body } = await webhooks.waitFor('CUSTOMER.KYC_APPROVED')
    // The receiver read `X-Grid-Signature`; check the signature again here, from the key alone.
    const server = await import('node:http')
    const received = new Promise<{ header: string; body: string }>((resolve) => {
      const receiver = server.createServer((request, response) => {
        let text = ''
        request.on('data', (chunk) => {
          text += chunk
        })
        request.on('end', () => {
          headers.push(String(request.headers['x-grid-signature']))
          response.end()
          receiver.close()
          resolve({ header: String(request.headers['x-grid-signature']), body: text })
        })
      })
      receiver.listen(0, 'localhost', async () => {
        const address = receiver.address()
        const port = typeof address === 'object' && address ? address.port : 0
        await sandbox.fetch(
          new Request(`${sandbox.baseUrl}/config`, {
            method: 'PATCH',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ webhookEndpoint: `http://localhost:${port}/hook` }),
          }),
        )
      })
    })
    const delivery = await received
    expect(JSON.parse(delivery.body)).toMatchObject({ type: 'TEST', data: {} })
    expect(await verifiedByKey(sandbox.webhookPublicKey, delivery.header, delivery.body)).toBe(true)
    expect(await verifiedByKey(sandbox.webhookPublicKey, delivery.header, `${delivery.body} `)).toBe(false)
    expect(body).toContain('CUSTOMER.KYC_APPROVED')
    expect(headers).toHaveLength(1)
  })

  it("sends CUSTOMER.KYC_* only when a verification changes the customer's status", async () => {
    const { sandbox, call, webhooks } = await start()
    const ada = await sandbox.createCustomer({ fullName: 'Ada Lovelace' })
    const isAda = (webhook: ReceivedWebhook) => webhook.event.data?.id === ada.customerId
    await webhooks.waitFor('CUSTOMER.KYC_APPROVED', isAda)
    for (let check = 0; check < 2; check += 1) {
      expect((await call('POST', '/verifications', { customerId: ada.customerId })).status).toBe(200)
    }
    // A TEST sent after the checks has arrived: their customer events would have too.
    expect((await call('POST', '/sandbox/webhooks/test')).status).toBe(200)
    await expect
      .poll(
        () => webhooks.events.filter((webhook) => webhook.event.type.startsWith('VERIFICATION.')).length,
        POLL,
      )
      .toBe(2)
    const customerEvents = webhooks.events.filter(
      (webhook) => webhook.event.type.startsWith('CUSTOMER.') && isAda(webhook),
    )
    expect(customerEvents.map((webhook) => webhook.event.type)).toEqual(['CUSTOMER.KYC_APPROVED'])
  })

  it('retries a failed delivery after the back-off on the sandbox clock, same event id', async () => {
    const answers = [500, 503]
    const attempts: ReceivedWebhook['event'][] = []
    const logs: string[] = []
    const { sandbox, call, webhooks } = await start({
      log: (line) => logs.push(line),
      webhooks: {
        respond: (webhook) => {
          attempts.push(webhook.event)
          return webhook.event.type === 'TEST' ? 200 : (answers.shift() ?? 200)
        },
      },
    })
    await sandbox.createCustomer()
    const kyc = () =>
      attempts.filter((event) => event.type === 'CUSTOMER.KYC_APPROVED').map((event) => event.id)
    // The sandbox has the failure (and set the retry from the clock's time then) once it logs it.
    const scheduled = (attempt: number) => logs.some((line) => line.includes(`; attempt ${attempt} in`))
    await expect.poll(() => scheduled(2), POLL).toBe(true)
    // First retry after 1 s, the next after 2 s more (the clock stands still unless moved).
    sandbox.clock.advance(1_000)
    await expect.poll(() => kyc().length, POLL).toBe(2)
    await expect.poll(() => scheduled(3), POLL).toBe(true)
    sandbox.clock.advance(1_999)
    // A TEST sent after the move has arrived: a retry the move had made due would have too.
    expect((await call('POST', '/sandbox/webhooks/test')).status).toBe(200)
    expect(kyc()).toHaveLength(2)
    sandbox.clock.advance(1)
    const delivered = await webhooks.waitFor('CUSTOMER.KYC_APPROVED')
    expect(kyc()).toEqual([delivered.event.id, delivered.event.id, delivered.event.id])
    expect(webhooks.events.filter((webhook) => webhook.event.type === 'CUSTOMER.KYC_APPROVED')).toHaveLength(
      1,
    )
  })

  it('does not hold up the flows while the endpoint hangs', async () => {
    let hanging = 0
    const { sandbox, call } = await start({
      webhooks: {
        respond: () => {
          hanging += 1
          return new Promise<number>(() => {})
        },
      },
    })
    const ada = await sandbox.createCustomer()
    await expect.poll(() => hanging, POLL).toBe(1)
    // The endpoint has not answered; the flows go on.
    await sandbox.fund(ada.accountId, 1_000)
    const account = await call(
      'GET',
      `/customers/internal-accounts?customerId=${ada.customerId}&type=EMBEDDED_WALLET`,
    )
    expect(account.body.data).toMatchObject([{ balance: { amount: 1_000 } }])
    await expect.poll(() => hanging, POLL).toBeGreaterThanOrEqual(3)
  })

  it('answers GET and PATCH /config as the contract defines them, 400 for a malformed update, 501 for what it does not honour', async () => {
    const { call, webhooks } = await start()
    const read = await call('GET', '/config')
    expect(read.status).toBe(200)
    expect(read.body).toMatchObject({ webhookEndpoint: webhooks.url, umaDomain: 'sandbox.uma.example' })
    for (const body of [
      { webhookEndpoint: 5 },
      { webhookEndpoint: 'not a url' },
      { webhookEndpoint: 'ftp://example.com/hook' },
      { umaDomain: 'no spaces.example' },
      { supportedCurrencies: 'USD' },
      { notAMember: true },
      '{"webhookEndpoint":',
      '[]',
    ]) {
      const answer = await call('PATCH', '/config', body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(answer.body.code).toBe('INVALID_INPUT')
    }
    for (const body of [
      { supportedCurrencies: [] },
      { embeddedWalletConfig: { appName: 'Acme Wallet' } },
      { cardTokenization2faConfig: { displayName: 'Acme' } },
      { feeConfigs: [], umaDomain: 'ignored.example.com' },
    ]) {
      const answer = await call('PATCH', '/config', body)
      expect(answer.status, JSON.stringify(body)).toBe(501)
      expect(answer.body.code).toBe('NOT_IMPLEMENTED')
    }
    // A refused update changes nothing, not even the members the sandbox honours.
    expect((await call('GET', '/config')).body).toMatchObject({ umaDomain: 'sandbox.uma.example' })
    const moved = await call('PATCH', '/config', { umaDomain: 'pay.example.com' })
    expect(moved.body).toMatchObject({ umaDomain: 'pay.example.com', webhookEndpoint: webhooks.url })
  })

  it('answers the test webhook route: no endpoint, an unreachable one, a non-2xx answer', async () => {
    const { call } = await start({ webhooks: false })
    const none = await call('POST', '/sandbox/webhooks/test')
    expect(none.status).toBe(400)
    expect(none.body.code).toBe('WEBHOOK_ENDPOINT_NOT_SET')
    expect((await call('GET', '/config')).body).not.toHaveProperty('webhookEndpoint')

    // A port nothing listens on: the one of a receiver just closed.
    const { sandbox: other } = await start({ webhooks: { respond: () => 418 } })
    const teapot = await contractFetch(other.fetch)(`${other.baseUrl}/sandbox/webhooks/test`, {
      method: 'POST',
    })
    expect(teapot.status).toBe(400)
    expect(await teapot.json()).toMatchObject({ code: 'WEBHOOK_DELIVERY_ERROR' })
    const url = String(other.webhooks?.url)
    await other.webhooks?.close()
    expect((await call('PATCH', '/config', { webhookEndpoint: url })).status).toBe(200)
    const unreachable = await call('POST', '/sandbox/webhooks/test')
    expect(unreachable.status).toBe(400)
    expect(unreachable.body.code).toBe('WEBHOOK_DELIVERY_ERROR')
  })
})
