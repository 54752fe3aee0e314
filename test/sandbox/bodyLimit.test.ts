// Request bodies up to 64 KiB are read once, and larger ones refused, with or without a declared length.
import { describe, expect, it } from 'vitest'
import { json, startHarness } from './harness.js'

const customer = (padding: number) =>
  JSON.stringify({ customerType: 'INDIVIDUAL', fullName: 'x'.repeat(padding) })

describe('sandbox body limit', () => {
  it('reads a body just under the limit, made in process (no Content-Length) or as bytes', async () => {
    const h = await startHarness()
    const body = customer(64 * 1024 - 200)
    for (const sent of [body, new TextEncoder().encode(body)]) {
      const response = await h.api(`${h.base}/customers`, { method: 'POST', body: sent })
      expect(response.status).toBe(201)
      expect((await response.json()).fullName).toHaveLength(64 * 1024 - 200)
    }
  })

  it('refuses a declared Content-Length over the limit by its header alone, whatever the body holds', async () => {
    const h = await startHarness()
    const response = await h.api(`${h.base}/customers`, {
      ...json('POST'),
      body: customer(10),
      headers: { 'Content-Type': 'application/json', 'Content-Length': String(64 * 1024 + 1) },
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' })
  })
})
