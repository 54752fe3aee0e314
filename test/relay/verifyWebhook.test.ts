// The integrator's webhook verifier against signatures made by Node's own crypto (DER, as the
// service sends them), so the verifier is checked by an implementation that is not the kit's.
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { verifyWebhook } from '../../src/relay/verifyWebhook.js'
import { expectCode } from '../helpers/expectCode.js'

const ORDER = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n

function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return { privateKey, pem: publicKey.export({ type: 'spki', format: 'pem' }).toString() }
}

const service = keyPair()
const body = JSON.stringify({
  id: 'Webhook:019542f5-b3e7-1d02-0000-000000000007',
  type: 'OUTGOING_PAYMENT.COMPLETED',
  timestamp: '2025-08-15T14:32:00Z',
  data: { id: 'Transaction:019542f5-b3e7-1d02-0000-000000000005', status: 'COMPLETED' },
})

const derOf = (text: string | Uint8Array, key: KeyObject = service.privateKey) =>
  sign('sha256', typeof text === 'string' ? Buffer.from(text) : text, key)
const bare = (text: string | Uint8Array, key?: KeyObject) => derOf(text, key).toString('base64')
const v1 = (text: string) => JSON.stringify({ v: '1', s: bare(text) })

/** DER `SEQUENCE { INTEGER r, INTEGER s }` of two integers. */
function derEncode(r: bigint, s: bigint): Buffer {
  const integer = (value: bigint) => {
    let hex = value.toString(16)
    if (hex.length % 2) hex = `0${hex}`
    if (Number.parseInt(hex.slice(0, 2), 16) & 0x80) hex = `00${hex}`
    const bytes = Buffer.from(hex, 'hex')
    return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes])
  }
  const content = Buffer.concat([integer(r), integer(s)])
  return Buffer.concat([Buffer.from([0x30, content.length]), content])
}

/** The same signature with its `s` as the high one of the pair (ordinary ECDSA emits either). */
function highS(der: Buffer): Buffer {
  const rLength = der[3] as number
  const r = BigInt(`0x${der.subarray(4, 4 + rLength).toString('hex')}`)
  const s = BigInt(`0x${der.subarray(6 + rLength).toString('hex')}`)
  return derEncode(r, s > ORDER / 2n ? s : ORDER - s)
}

describe('verifyWebhook', () => {
  it('returns the event of a body signed with the bare base64 form', async () => {
    const event = await verifyWebhook({ body, signature: bare(body), publicKey: service.pem })
    expect(event).toEqual(JSON.parse(body))
  })

  it("returns the contract's TEST webhook, which carries no data", async () => {
    const test = JSON.stringify({ id: 'Webhook:1', type: 'TEST', timestamp: '2025-08-15T14:32:00Z' })
    const event = await verifyWebhook({ body: test, signature: v1(test), publicKey: service.pem })
    expect(event).toEqual(JSON.parse(test))
  })

  it('takes the JSON v1 header form, a Buffer, an ArrayBuffer and an imported CryptoKey', async () => {
    const bytes = Buffer.from(body)
    const buffer = new Uint8Array(bytes).buffer
    const publicKey = await crypto.subtle.importKey(
      'spki',
      Buffer.from(service.pem.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'),
      { name: 'ECDSA', namedCurve: 'P-256' },
      false,
      ['verify'],
    )
    for (const delivery of [bytes, buffer]) {
      const event = await verifyWebhook({ body: delivery, signature: v1(body), publicKey })
      expect(event.type).toBe('OUTGOING_PAYMENT.COMPLETED')
    }
  })

  it('accepts a high-S signature, as ordinary ECDSA signers emit', async () => {
    const signature = highS(derOf(body)).toString('base64')
    await expect(verifyWebhook({ body, signature, publicKey: service.pem })).resolves.toMatchObject({
      type: 'OUTGOING_PAYMENT.COMPLETED',
    })
  })

  it('reads a Request: the default X-Service-Signature header, or the one named', async () => {
    const delivery = (header: string) =>
      new Request('http://app.example/webhooks', { method: 'POST', body, headers: { [header]: v1(body) } })
    const event = await verifyWebhook({ request: delivery('X-Service-Signature'), publicKey: service.pem })
    expect(event.id).toBe('Webhook:019542f5-b3e7-1d02-0000-000000000007')
    const named = { request: delivery('X-Grid-Signature'), headerName: 'X-Grid-Signature' }
    await expect(verifyWebhook({ ...named, publicKey: service.pem })).resolves.toEqual(event)
    await expectCode(
      () => verifyWebhook({ request: delivery('X-Grid-Signature'), publicKey: service.pem }),
      'WEBHOOK_SIGNATURE_INVALID',
    )
  })

  it('refuses a body changed by one byte', async () => {
    const bytes = Buffer.from(body)
    const signature = bare(bytes)
    const flipped = Buffer.from(bytes)
    flipped[flipped.length - 3] = (flipped[flipped.length - 3] as number) ^ 0x01
    await expectCode(
      () => verifyWebhook({ body: flipped, signature, publicKey: service.pem }),
      'WEBHOOK_SIGNATURE_INVALID',
    )
  })

  it('refuses a signature by another key', async () => {
    const signature = bare(body, keyPair().privateKey)
    await expectCode(
      () => verifyWebhook({ body, signature, publicKey: service.pem }),
      'WEBHOOK_SIGNATURE_INVALID',
    )
  })

  it.each([
    ['not base64', 'not a signature!'],
    ['base64 that is not DER', Buffer.from('0123456789').toString('base64')],
    ['DER cut short', derOf(body).subarray(0, 40).toString('base64')],
    ['JSON that is not an object', '{"v"'],
    ['a JSON header of another version', () => JSON.stringify({ v: '2', s: bare(body) })],
    ['a JSON header without its signature', JSON.stringify({ v: '1' })],
    ['an empty header', ''],
    ['no header', undefined],
  ])('refuses %s', async (_, header) => {
    const signature = typeof header === 'function' ? header() : header
    await expectCode(
      () => verifyWebhook({ body, signature, publicKey: service.pem }),
      'WEBHOOK_SIGNATURE_INVALID',
    )
  })

  it('reads the body only once its signature holds', async () => {
    const notJson = 'not json at all'
    await expectCode(
      () => verifyWebhook({ body: notJson, signature: bare(body), publicKey: service.pem }),
      'WEBHOOK_SIGNATURE_INVALID',
    )
    await expectCode(
      () => verifyWebhook({ body: notJson, signature: bare(notJson), publicKey: service.pem }),
      'INVALID_RESPONSE',
    )
    const noEnvelope = JSON.stringify({ id: 'Webhook:1', type: 'TEST', data: {} })
    await expectCode(
      () => verifyWebhook({ body: noEnvelope, signature: bare(noEnvelope), publicKey: service.pem }),
      'INVALID_RESPONSE',
    )
  })

  it('refuses a key that is not a P-256 PEM public key', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({
      type: 'spki',
      format: 'pem',
    })
    for (const publicKey of ['', 'MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE', rsa.toString()]) {
      await expectCode(() => verifyWebhook({ body, signature: bare(body), publicKey }), 'INVALID_PUBLIC_KEY')
    }
  })
})

/** The twin of a DER signature: the same `r` with `n - s`, which verifies over the same bytes. */
function twin(der: Buffer): Buffer {
  const rLength = der[3] as number
  const r = BigInt(`0x${der.subarray(4, 4 + rLength).toString('hex')}`)
  const s = BigInt(`0x${der.subarray(6 + rLength).toString('hex')}`)
  return derEncode(r, ORDER - s)
}

/**
 * A delivery whose body is `total` bytes of JSON-ish filler made as it is read, in 64 KiB chunks,
 * with the count of bytes the reader pulled from it.
 */
function streamedDelivery(total: number, headers: Record<string, string> = {}) {
  const chunk = new Uint8Array(64 * 1024).fill(0x20)
  const pulled = { bytes: 0 }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= total) return controller.close()
      const next = chunk.subarray(0, Math.min(chunk.length, total - pulled.bytes))
      pulled.bytes += next.length
      controller.enqueue(next)
    },
  })
  const request = new Request('http://app.example/webhooks', {
    method: 'POST',
    body: stream,
    headers: { 'X-Service-Signature': v1(body), ...headers },
    duplex: 'half',
  } as RequestInit)
  return { request, pulled }
}

describe('verifyWebhook against a replayed, doubled or oversized delivery', () => {
  it("takes a signature's high-S twin as the same event, with the same id to deduplicate on", async () => {
    const der = derOf(body)
    const events = []
    for (const signature of [der, twin(der)]) {
      events.push(
        await verifyWebhook({ body, signature: signature.toString('base64'), publicKey: service.pem }),
      )
    }
    expect(twin(der).equals(der)).toBe(false)
    expect(events[1]).toEqual(events[0])
    // Deduplicating on the signature would take the twin for a new delivery; on the id it cannot.
    expect(new Set(events.map((event) => event.id)).size).toBe(1)
  })

  it.each([
    [
      'a type named twice',
      '{"id":"Webhook:1","type":"OUTGOING_PAYMENT.FAILED","type":"OUTGOING_PAYMENT.COMPLETED","timestamp":"2025-08-15T14:32:00Z"}',
      'type',
    ],
    [
      'a type named twice, once escaped',
      '{"id":"Webhook:1","type":"TEST","typ\\u0065":"OUTGOING_PAYMENT.COMPLETED","timestamp":"2025-08-15T14:32:00Z"}',
      'type',
    ],
    [
      "a payment's status named twice in data",
      '{"id":"Webhook:1","type":"OUTGOING_PAYMENT.COMPLETED","timestamp":"2025-08-15T14:32:00Z","data":{"id":"Transaction:1","status":"FAILED","status":"COMPLETED"}}',
      'status',
    ],
    [
      'an id named twice',
      '{"id":"Webhook:1","type":"TEST","timestamp":"2025-08-15T14:32:00Z","id":"Webhook:2"}',
      'id',
    ],
  ])('refuses a signed body with %s, whichever of the two a reader would take', async (_, doubled, name) => {
    const error = await expectCode(
      () => verifyWebhook({ body: doubled, signature: bare(doubled), publicKey: service.pem }),
      'INVALID_RESPONSE',
    )
    expect(error.details).toEqual({ repeated: name })
  })

  it('reads a body of 64 MB no further than the 1 MiB limit, and refuses it', async () => {
    const { request, pulled } = streamedDelivery(64 * 1024 * 1024)
    const error = await expectCode(
      () => verifyWebhook({ request, publicKey: service.pem }),
      'WEBHOOK_SIGNATURE_INVALID',
    )
    expect([error.reason, error.details]).toEqual(['BODY_TOO_LARGE', { maxBytes: 1024 * 1024 }])
    // The limit and the chunk it crossed it with, a chunk the stream had ready at most: not 64 MB.
    expect(pulled.bytes).toBeLessThanOrEqual(1024 * 1024 + 2 * 64 * 1024)
  })

  it('refuses a body declared longer than the limit without reading any of it', async () => {
    const { request, pulled } = streamedDelivery(2 * 1024 * 1024, {
      'Content-Length': String(2 * 1024 * 1024),
    })
    const error = await expectCode(
      () => verifyWebhook({ request, publicKey: service.pem }),
      'WEBHOOK_SIGNATURE_INVALID',
    )
    expect(error.reason).toBe('BODY_TOO_LARGE')
    expect(pulled.bytes).toBeLessThanOrEqual(64 * 1024)
  })

  it('takes a body of exactly maxBodyBytes, and refuses one byte more, given or read', async () => {
    const exact = Buffer.byteLength(body)
    const signature = v1(body)
    await expect(
      verifyWebhook({ body, signature, publicKey: service.pem, maxBodyBytes: exact }),
    ).resolves.toMatchObject({ type: 'OUTGOING_PAYMENT.COMPLETED' })
    const request = () =>
      new Request('http://app.example/webhooks', {
        method: 'POST',
        body,
        headers: { 'X-Service-Signature': signature },
      })
    await expect(
      verifyWebhook({ request: request(), publicKey: service.pem, maxBodyBytes: exact }),
    ).resolves.toMatchObject({ type: 'OUTGOING_PAYMENT.COMPLETED' })
    for (const delivery of [body, Buffer.from(body), request()]) {
      const options =
        typeof delivery === 'object' && 'url' in delivery
          ? { request: delivery }
          : { body: delivery, signature }
      const error = await expectCode(
        () => verifyWebhook({ ...options, publicKey: service.pem, maxBodyBytes: exact - 1 }),
        'WEBHOOK_SIGNATURE_INVALID',
      )
      expect(error.reason).toBe('BODY_TOO_LARGE')
    }
  })
})
