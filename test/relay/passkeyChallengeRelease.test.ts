// The relay takes a passkey challenge before forwarding and settles it by the service's answer:
// given back when the service did not register the passkey (unreachable, a refusal, the 202 before
// the signed retry), used up when it did, even if that answer is then cut off.
import { describe, expect, it } from 'vitest'
import type { WalletAuthError } from '../../src/errors.js'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { createPasskeyRegistrationOptions } from '../../src/relay/index.js'
import { softwareAuthenticator } from '../sandbox/softwareAuthenticator.js'
import { json, otpSignInThroughRelay, startRelayHarness } from './relayHarness.js'

type Fault = 'unreachable' | 'refused' | 'cut-off' | undefined

async function setup() {
  const passkeys = createPasskeyRegistrationOptions({
    rpName: 'Test Wallet',
    rpId: 'localhost',
    origins: ['http://localhost:5173'],
  })
  let fault: Fault
  const registrations = (request: Request) =>
    request.method === 'POST' && new URL(request.url).pathname.endsWith('/auth/credentials')
  const r = await startRelayHarness({
    passkeyRegistration: passkeys,
    fetch: async (request) => {
      if (fault === undefined || !registrations(request)) return r.h.sandbox.fetch(request)
      if (fault === 'unreachable') throw new TypeError('fetch failed')
      if (fault === 'refused') {
        return Response.json({ status: 400, code: 'INVALID_INPUT', message: 'no' }, { status: 400 })
      }
      const answer = await r.h.sandbox.fetch(request)
      if (answer.status === 202) return answer
      const body = new ReadableStream({ pull: (controller) => controller.error(new Error('reset')) })
      return new Response(body, { status: answer.status, headers: answer.headers })
    },
  })
  const ada = await r.addUser('ada')
  const { key } = await otpSignInThroughRelay(r, ada)
  const { rpId, origins } = r.h.sandbox.config
  const authenticator = await softwareAuthenticator(rpId, origins[0] as string)
  const signed = withWalletSignature(r.browser('ada'), { getKey: () => key, now: r.h.sandbox.clock.now })
  const { challenge } = await passkeys.options({ name: 'ada', accountId: ada.accountId })
  const body = {
    type: 'PASSKEY',
    accountId: ada.accountId,
    challenge,
    nickname: 'Laptop',
    attestation: authenticator.register(challenge),
  }
  const register = async (withFault: Fault) => {
    fault = withFault
    try {
      const response = await signed(`${r.appBase}/auth/credentials`, json('POST', body))
      return { status: response.status, code: undefined, reason: undefined }
    } catch (error) {
      const { status, code, details } = error as WalletAuthError
      return { status, code, reason: (details as { reason?: string } | undefined)?.reason }
    }
  }
  return { register }
}

describe('the relay settles a passkey challenge by the service answer', () => {
  it('gives it back when the service is unreachable or refuses, and uses it up once registered', async () => {
    const { register } = await setup()
    expect(await register('unreachable')).toMatchObject({ status: 502, code: 'BAD_GATEWAY' })
    expect(await register('refused')).toMatchObject({ status: 400, code: 'INVALID_INPUT' })
    expect(await register(undefined)).toMatchObject({ status: 201 })
    expect(await register(undefined)).toMatchObject({
      status: 400,
      code: 'INVALID_REGISTRATION',
      reason: 'UNKNOWN_CHALLENGE',
    })
  })

  it('uses it up when the service registered the passkey but its answer was cut off', async () => {
    const { register } = await setup()
    expect(await register('cut-off')).toMatchObject({ status: 502, code: 'BAD_GATEWAY' })
    expect(await register(undefined)).toMatchObject({
      status: 400,
      code: 'INVALID_REGISTRATION',
      reason: 'UNKNOWN_CHALLENGE',
    })
  })
})
