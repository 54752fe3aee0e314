// The CLI prints the webhook key beside the signer keys, and a platform that takes the key from
// that output (the PEM lines pasted as they are) verifies the webhooks the command's sandbox sends
// to --webhook-endpoint, with the relay's verifier and with Node's own crypto, as the service's
// guide does.

import { createPublicKey, createVerify } from 'node:crypto'
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
  // The lines from BEGIN to END, exactly as a person would select and paste them.
  const lines = output.split('\n')
  const begin = lines.indexOf('-----BEGIN PUBLIC KEY-----')
  const end = lines.indexOf('-----END PUBLIC KEY-----')
  expect([begin, end].every((index) => index > 0) && begin < end).toBe(true)
  const pasted = `${lines.slice(begin, end + 1).join('\n')}\n`
  const parsed = createPublicKey(pasted)
  expect(parsed.asymmetricKeyType).toBe('ec')
  expect(parsed.asymmetricKeyDetails?.namedCurve).toBe('prime256v1')
  key = pasted
  const created = await fetch(`${server?.baseUrl}/customers`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${btoa('sandbox-client:s3cret')}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace', email: 'ada@example.com' }),
  })
  const customer = (await created.json()) as { id: string }
  const received = await collector.waitFor('CUSTOMER.KYC_APPROVED', undefined, { timeoutMs: 30_000 })
  expect(received.event.data).toMatchObject({ id: customer.id })
  expect(collector.rejected).toEqual([])
  // The service's Node example: SHA-256 over the raw body, the DER signature from the header.
  const { s } = JSON.parse(received.signature ?? '') as { s: string }
  const verifies = (body: string) =>
    createVerify('SHA256').update(body).verify({ key: pasted, format: 'pem', type: 'spki' }, s, 'base64')
  expect(verifies(received.body)).toBe(true)
  expect(verifies(`${received.body} `)).toBe(false)
}, 60_000)
