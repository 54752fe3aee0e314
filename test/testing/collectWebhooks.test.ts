// The testing entry's webhook receiver: it keeps only deliveries signed under the sandbox's key,
// what it keeps passes the relay's own verifier, and a wait for a webhook that never comes ends.

import { afterEach, expect, it } from 'vitest'
import { isWalletAuthError } from '../../src/errors.js'
import { verifyWebhook } from '../../src/relay/verifyWebhook.js'
import { createWebhookSigner, type WebhookSigner } from '../../src/sandbox/webhooks/webhookSigner.js'
import { type CollectWebhooksOptions, collectWebhooks } from '../../src/testing/collectWebhooks.js'
import { startTestSandbox, type TestSandbox } from '../../src/testing/startTestSandbox.js'
import { webhookProblems } from '../contract/webhookSchemas.js'

let sandbox: TestSandbox | undefined

afterEach(async () => {
  await sandbox?.close()
})

it("keeps the sandbox's signed webhooks, which the relay's verifyWebhook accepts too", async () => {
  sandbox = await startTestSandbox({ webhooks: true, customers: [{}] })
  const [ada] = sandbox.customers
  if (!ada || !sandbox.webhooks) throw new Error('no customer or receiver')
  await sandbox.fund(ada.accountId, 1_000_000)
  // Deliveries run concurrently: wait for each expected one, not for the last of them.
  for (const type of [
    'CUSTOMER.KYC_APPROVED',
    'INCOMING_PAYMENT.COMPLETED',
    'INTERNAL_ACCOUNT.BALANCE_UPDATED',
  ]) {
    await sandbox.webhooks.waitFor(type)
  }
  for (const webhook of sandbox.webhooks.events) {
    const event = await verifyWebhook({
      body: webhook.body,
      signature: webhook.signature,
      publicKey: sandbox.webhookPublicKey,
    })
    expect(event).toEqual(webhook.event)
    expect(webhookProblems(webhook.event)).toEqual([])
  }
})

it('answers 401 to a delivery signed by another key, and keeps it apart', async () => {
  sandbox = await startTestSandbox({ webhooks: true })
  const other = await startTestSandbox()
  const collector = await collectWebhooks({ publicKey: () => other.webhookPublicKey })
  try {
    expect(
      (
        await sandbox.fetch(`${sandbox.baseUrl}/config`, {
          method: 'PATCH',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ webhookEndpoint: collector.url }),
        })
      ).status,
    ).toBe(200)
    const test = await sandbox.fetch(`${sandbox.baseUrl}/sandbox/webhooks/test`, { method: 'POST' })
    expect(test.status).toBe(400)
    expect(await test.json()).toMatchObject({
      code: 'WEBHOOK_DELIVERY_ERROR',
      details: { response_status: 401 },
    })
    expect(collector.events).toEqual([])
    expect(collector.rejected.map((webhook) => webhook.event.type)).toContain('TEST')
  } finally {
    await collector.close()
    await other.close()
  }
})

it('ends a wait for a webhook that does not come with WEBHOOK_NOT_RECEIVED', async () => {
  const collector = await collectWebhooks({ publicKey: () => undefined })
  try {
    const error = await collector.waitFor('TEST', undefined, { timeoutMs: 50 }).catch((caught) => caught)
    expect(isWalletAuthError(error, 'WEBHOOK_NOT_RECEIVED')).toBe(true)
  } finally {
    await collector.close()
  }
})

/** A receiver under a key of the test's own, and a poster of deliveries signed (or bent) with it. */
async function ownKeyReceiver(respond?: CollectWebhooksOptions['respond']) {
  const signer: WebhookSigner = await createWebhookSigner()
  const collector = await collectWebhooks({
    publicKey: () => signer.publicKeyPem,
    ...(respond ? { respond } : {}),
  })
  const body = JSON.stringify({ id: 'Webhook:1', type: 'TEST', timestamp: '2026-03-02T09:00:00.000Z' })
  const s = await signer.sign(new TextEncoder().encode(body))
  const post = (header: string) =>
    fetch(collector.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Service-Signature': header },
      body,
    })
  return { collector, s, post }
}

it('refuses what the relay refuses: another header version, a signature that is not strict base64', async () => {
  const { collector, s, post } = await ownKeyReceiver()
  try {
    expect((await post(JSON.stringify({ v: '2', s }))).status).toBe(401)
    expect((await post(JSON.stringify({ v: '1', s: `${s}*` }))).status).toBe(401)
    expect(collector.rejected).toHaveLength(2)
    expect((await post(JSON.stringify({ v: '1', s }))).status).toBe(200)
    expect(collector.events.map((webhook) => webhook.event.type)).toEqual(['TEST'])
  } finally {
    await collector.close()
  }
})

it('answers 500 when respond throws, and keeps receiving', async () => {
  let calls = 0
  const { collector, s, post } = await ownKeyReceiver(() => {
    calls += 1
    if (calls === 1) throw new Error('respond failed')
    return 200
  })
  try {
    const header = JSON.stringify({ v: '1', s })
    expect((await post(header)).status).toBe(500)
    expect(collector.events).toEqual([])
    expect((await post(header)).status).toBe(200)
  } finally {
    await collector.close()
  }
})
