// The testing entry's webhook receiver: it keeps only deliveries signed under the sandbox's key,
// what it keeps passes the relay's own verifier, and a wait for a webhook that never comes ends.

import { afterEach, expect, it } from 'vitest'
import { isWalletAuthError } from '../../src/errors.js'
import { verifyWebhook } from '../../src/relay/verifyWebhook.js'
import { collectWebhooks } from '../../src/testing/collectWebhooks.js'
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
  await sandbox.webhooks.waitFor('INTERNAL_ACCOUNT.BALANCE_UPDATED')
  expect(sandbox.webhooks.events.length).toBeGreaterThanOrEqual(3)
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
    expect(await test.json()).toMatchObject({ response_status: 401 })
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
