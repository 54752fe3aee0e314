// The relay's SCA and contact-verification operations: bodies held to the contract before the hook
// runs, and the customer named in the query as the id the hook judges (an enrolled factor's
// credential id is the service's to look up among that customer's factors only).
import { describe, expect, it } from 'vitest'
import type { RelayTarget } from '../../src/relay/index.js'
import { fakeService, json, partyIds } from './relayRequests.js'

const ada = partyIds(1)
const q = `?customerId=${ada.customerId}`
const ip = '203.0.113.42'

async function send(path: string, init: RequestInit) {
  const targets: RelayTarget[] = []
  const { relay, seen } = fakeService(undefined, {
    authorize: (_request, target) => {
      targets.push(target)
      return true
    },
  })
  const response = await relay(new Request(`http://app.test${path}`, init))
  const body = response.status === 200 ? undefined : ((await response.json()) as { code: string })
  return { status: response.status, code: body?.code, targets, forwarded: seen.length }
}

describe('SCA operations at the relay', () => {
  it.each([
    ['an SMS enrolment (SMS is the verified phone)', `/sca/factors${q}`, json('POST', { type: 'SMS_OTP' })],
    [
      'a login with a code and an assertion',
      `/sca/login/complete${q}`,
      json('POST', {
        factor: 'PASSKEY',
        endUserIpAddress: ip,
        code: '123456',
        passkeyAssertion: {},
        origin: 'https://app.test',
      }),
    ],
    [
      'a login without the end user address',
      `/sca/login/complete${q}`,
      json('POST', { factor: 'SMS_OTP', code: '1' }),
    ],
    ['a login with an unknown factor', `/sca/login/start${q}`, json('POST', { factor: 'EMAIL' })],
    [
      'a passkey confirmation without its origin',
      `/sca/factors/confirm${q}`,
      json('POST', {
        type: 'PASSKEY',
        credential: {},
      }),
    ],
    ['a factor removal naming no customer', '/sca/factors/cred1', { method: 'DELETE' }],
    ['a factor list naming no customer', '/sca/factors', { method: 'GET' }],
    [
      'a contact code with a member too many',
      `/customers/${ada.customerId}/verify-phone/confirm`,
      json('POST', {
        code: '123456',
        phoneNumber: '+33700000000',
      }),
    ],
  ])('refuses %s before the hook (400 INVALID_INPUT)', async (_what, path, init) => {
    const result = await send(path, init)
    expect(result).toMatchObject({ status: 400, code: 'INVALID_INPUT', targets: [], forwarded: 0 })
  })

  it.each([
    ['a factor list', `/sca/factors${q}`, { method: 'GET' }],
    ['a factor removal', `/sca/factors/cred1${q}`, { method: 'DELETE' }],
    // A passkey factor's id is its WebAuthn credential id, base64url: it may start with - or _.
    ['a removal of a factor whose id starts with -', `/sca/factors/-Rk_2x${q}`, { method: 'DELETE' }],
    ['a removal of a factor whose id starts with _', `/sca/factors/_Rk-2x${q}`, { method: 'DELETE' }],
    ['a login start', `/sca/login/start${q}`, json('POST', { factor: 'PASSKEY' })],
    ['a phone code', `/customers/${ada.customerId}/verify-phone`, { method: 'POST' }],
  ])('names the customer of %s for the hook', async (_what, path, init) => {
    const result = await send(path, init)
    expect(result.status).toBe(200)
    expect(result.targets[0]?.customerId).toBe(ada.customerId)
  })
})
