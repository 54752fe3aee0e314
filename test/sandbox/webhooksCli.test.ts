// The CLI prints the webhook key beside the signer keys, and a platform that takes the key from
// that output verifies the webhooks the command's sandbox sends to --webhook-endpoint.

import { afterEach, expect, it, vi } from 'vitest'
import { main } from '../../src/sandbox/cli.js'
import type { SandboxServer } from '../../src/sandbox/index.js'
import { collectWebhooks, type WebhookCollector } from '../../src/testing/collectWebhooks.js'

let server: SandboxServer | undefined
let collector: WebhookCollector | undefined

afterEach(async () => {
  vi.restoreAllMocks()
  await server?.close()
  await collector?.close()
})

it('prints the webhook key and header, and signs what it sends to --webhook-endpoint with it', async () => {
  const printed: string[] = []
  vi.spyOn(console, 'log').mockImplementation((line: string) => printed.push(line))
  let key: string | undefined
  collector = await collectWebhooks({ publicKey: () => key, headerName: 'X-Grid-Signature' })
  server = await main([
    '--port',
    '0',
    '--client-secret',
    's3cret',
    '--webhook-endpoint',
    collector.url,
    '--webhook-header',
    'X-Grid-Signature',
  ])
  const output = printed.join('\n')
  expect(output).toMatch(/webhook header +X-Grid-Signature/)
  key = output.match(/webhook key +(-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----)/)?.[1]
  expect(key).toBeDefined()
  const created = await fetch(`${server?.baseUrl}/customers`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa('sandbox-client:s3cret')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace', email: 'ada@example.com' }),
  })
  const customer = (await created.json()) as { id: string }
  const received = await collector.waitFor('CUSTOMER.KYC_APPROVED')
  expect(received.event.data).toMatchObject({ id: customer.id })
  expect(collector.rejected).toEqual([])
})
