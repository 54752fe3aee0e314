// The webhook sender against a real endpoint on localhost that answers with a redirect: the
// redirect is never followed (a 301-303 would turn into a GET without the event, whose 200 would
// count as delivered; a 307/308 would post the event to another place), and a 3xx is a failed
// attempt, retried on the sandbox clock as any other status but 2xx and 409.

import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createClock } from '../../src/sandbox/clock.js'
import { createWebhookHub } from '../../src/sandbox/webhooks/webhookHub.js'

const START = Date.parse('2026-03-02T09:00:00Z')
/** Each wait is for a condition; this bounds one on a loaded machine (real sockets on localhost). */
const WAIT = { timeout: 20_000 }

/** An endpoint whose `/hook` answers `hookStatus` (a redirect to `/landing` while 3xx). */
async function startRedirectingEndpoint(hookStatus: number) {
  const seen: string[] = []
  const endpoint = { hookStatus }
  const server = createServer((request, response) => {
    request.resume()
    request.on('end', () => {
      seen.push(`${request.method} ${request.url}`)
      if (request.url === '/hook' && endpoint.hookStatus >= 300 && endpoint.hookStatus < 400) {
        response.writeHead(endpoint.hookStatus, { Location: '/landing' }).end()
      } else response.writeHead(request.url === '/hook' ? endpoint.hookStatus : 200).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address() as AddressInfo
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return { url: `http://localhost:${port}/hook`, seen, endpoint, close }
}

const closing: Array<() => unknown> = []
afterEach(async () => {
  for (const close of closing.splice(0)) await close()
})

async function setup(hookStatus: number) {
  const target = await startRedirectingEndpoint(hookStatus)
  const clock = createClock(() => START)
  const log = vi.fn()
  const hub = createWebhookHub({
    signer: { publicKeyPem: 'unused', sign: async () => 'sig' },
    clock,
    headerName: 'X-Service-Signature',
    retryDelayMs: 1_000,
    timeoutMs: 15_000,
    endpoint: target.url,
    log,
    // The clock stands still: a retry goes only when the test moves it.
    wake: () => {},
  })
  closing.push(() => hub.close(), target.close)
  const logged = () => log.mock.calls.map(([line]) => String(line))
  return { ...target, hub, clock, logged }
}

// Real sockets on localhost: on a loaded machine a connection can take seconds, past Vitest's 5 s
// default; every wait inside is for a condition, bounded by WAIT.
describe('webhook delivery to an endpoint that redirects', { timeout: 60_000 }, () => {
  it.each([301, 302, 303, 307, 308])(
    'takes a %i as a failed attempt, never follows it, and retries',
    async (status) => {
      const { hub, clock, seen, endpoint, logged } = await setup(status)
      hub.emit('OUTGOING_PAYMENT.COMPLETED', { id: 'Transaction:1' })
      // The attempt reached the endpoint and was judged (its connection closed).
      await expect.poll(() => seen.length > 0 && hub.inFlight() === 0, WAIT).toBe(true)
      expect(seen).toEqual(['POST /hook'])
      expect(hub.pending()).toBe(1)
      expect(logged().some((line) => line.includes(`answered ${status}`))).toBe(true)

      // Once the endpoint answers 200, the retry delivers the event, and nothing is pending.
      endpoint.hookStatus = 200
      clock.advance(1_000)
      hub.timeMoved()
      await expect.poll(() => seen.length, WAIT).toBe(2)
      await expect.poll(() => hub.pending() + hub.inFlight(), WAIT).toBe(0)
      expect(seen).toEqual(['POST /hook', 'POST /hook'])
    },
  )

  it("answers a once-only TEST with the redirect itself, not the redirect target's 200", async () => {
    const { hub, url, seen } = await setup(302)
    const answer = await hub.sendTest(url)
    expect(answer.status).toBe(302)
    expect(seen).toEqual(['POST /hook'])
  })
})
