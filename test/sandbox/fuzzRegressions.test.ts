// Cases the sandbox fuzzing found, kept as regression tests (over real HTTP, where they showed).
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../src/stamp/stamp.js'
import { ErrorBody } from '../../src/wire/errorBody.js'
import { type ListenedSandbox, listenedSandbox } from './fuzz/listenedSandbox.js'
import { createCustomer, otpSignIn, startHarness } from './harness.js'

let world: ListenedSandbox

beforeAll(async () => {
  world = await listenedSandbox()
})
afterAll(async () => {
  await world?.close()
})

async function errorObject(response: Response) {
  const body = ErrorBody.parse(await response.json())
  expect(body.status).toBe(response.status)
  return body
}

describe('sandbox fuzzing regressions', () => {
  it('answers every upload over 64 KiB with 413 and an Error object, never a reset connection', async () => {
    // Found: @hono/node-server drains an unread body for 500 ms, then destroys the socket; a client
    // still uploading got "other side closed" instead of its 413, more often under load.
    const statuses: (number | string)[] = []
    const bodies = Array.from({ length: 60 }, (_, index) => 'z'.repeat(64 * 1024 + 1 + index * 3000))
    let next = 0
    const worker = async () => {
      while (next < bodies.length) {
        const index = next++
        const bytes = new TextEncoder().encode(bodies[index])
        const chunked = index % 2 === 0
        try {
          const response = await world.api(`${world.base}/customers`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            duplex: 'half',
            body: chunked
              ? new ReadableStream({
                  start(controller) {
                    for (let offset = 0; offset < bytes.length; offset += 8192) {
                      controller.enqueue(bytes.slice(offset, offset + 8192))
                    }
                    controller.close()
                  },
                })
              : bytes,
          } as RequestInit)
          expect((await errorObject(response)).code).toBe('PAYLOAD_TOO_LARGE')
          statuses.push(response.status)
        } catch (error) {
          statuses.push(String((error as Error).cause ?? error))
        }
      }
    }
    await Promise.all(Array.from({ length: 8 }, worker))
    expect(statuses.filter((status) => status !== 413)).toEqual([])
  })

  it('answers a request Node’s parser refuses (an unknown method) with an Error object', async () => {
    // Found: Node answered `FUZZ /customers` with a bare 400 and no body.
    const response = await world.api(`${world.base}/customers`, { method: 'FUZZ', body: '{}' })
    expect(response.status).toBe(400)
    expect((await errorObject(response)).code).toBe('INVALID_INPUT')
  })

  it('answers a malformed request line or header with an Error object', async () => {
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(world.server.port, 'localhost', () => socket.end(text))
        let answer = ''
        socket.on('data', (chunk) => {
          answer += chunk
        })
        socket.on('end', () => resolve(answer))
        socket.on('error', reject)
      })
    for (const request of [
      'GET /2025-10-13/customers HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n',
      'GARBAGE\r\n\r\n',
      `GET /2025-10-13/customers HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    ]) {
      const answer = await raw(request)
      const [head = '', body = ''] = answer.split('\r\n\r\n')
      const status = Number(head.split(' ')[1])
      expect([400, 431]).toContain(status)
      const parsed = ErrorBody.parse(JSON.parse(body))
      expect(parsed.status).toBe(status)
    }
  })

  it('tries a bad signature against the newest few unused 202s only, not every one left', async () => {
    // Found: each bad signature was verified against every unused 202 of the operation, so with a
    // few hundred left a request took 50 to 160 ms, and more with every 202 (the fuzzer slowed down).
    const h = await startHarness()
    const { accountId, emailCredentialId } = await createCustomer(h)
    const { key } = await otpSignIn(h, emailCredentialId, accountId)
    const path = `/internal-accounts/${accountId}`
    const challenges: { requestId: string; payloadToSign: string }[] = []
    for (let index = 0; index < 12; index++) {
      // Bodies that differ only in spacing: the service's one field, twelve different bodies.
      const reply = await h.call('PATCH', path, `{"privateEnabled":true${' '.repeat(index)}}`)
      expect(reply.status).toBe(202)
      challenges.push(reply.body as { requestId: string; payloadToSign: string })
    }
    const retry = async (requestId: string, signedPayload: string) =>
      h.call('PATCH', path, `{"privateEnabled":true${' '.repeat(11)}}`, {
        'Request-Id': requestId,
        [WALLET_SIGNATURE_HEADER]: await stamp(signedPayload, key),
      })
    const [oldest, recent, newest] = [challenges[0], challenges[9], challenges[11]]
    if (!oldest || !recent || !newest) throw new Error('missing challenges')
    // Signed over a recent 202 of another body: still told apart.
    const mismatch = await retry(newest.requestId, recent.payloadToSign)
    expect([mismatch.status, mismatch.body.code]).toEqual([401, 'WALLET_SIGNATURE_BODY_MISMATCH'])
    // Over one older than the newest eight: just a signature that does not verify.
    const second = await h.call('PATCH', path, `{"privateEnabled":true${' '.repeat(12)}}`)
    const invalid = await retry((second.body as { requestId: string }).requestId, oldest.payloadToSign)
    expect([invalid.status, invalid.body.code]).toEqual([401, 'WALLET_SIGNATURE_INVALID'])
  })
})
