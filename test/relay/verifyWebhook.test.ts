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
