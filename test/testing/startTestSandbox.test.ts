// The testing entry's sandbox, used as an integrator's CI would: through the kit's own client-side
// steps, the relay, and over a real port.
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { oidcNonce } from '../../src/oauth/oidcNonce.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import { createRelay } from '../../src/relay/createRelay.js'
import { startTestSandbox, type TestSandbox } from '../../src/testing/startTestSandbox.js'
import { expectCode } from '../helpers/expectCode.js'

const json = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
})

const started: TestSandbox[] = []
async function start(options: Parameters<typeof startTestSandbox>[0] = {}) {
  const sandbox = await startTestSandbox(options)
  started.push(sandbox)
  return sandbox
}
afterEach(async () => {
  for (const sandbox of started.splice(0)) await sandbox.close()
})

/** A port nothing listens on: one the system handed out, then closed again. */
async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return port
}

/** An email-code sign-in with `code`, as the kit's page does it; the answer of the signed verify. */
async function signInByEmail(sandbox: TestSandbox, credentialId: string, code: string) {
  const base = sandbox.baseUrl
  const challenge = await sandbox.fetch(`${base}/auth/credentials/${credentialId}/challenge`, {
    method: 'POST',
  })
  expect(challenge.status).toBe(200)
  const { otpEncryptionTargetBundle } = await challenge.json()
  const key = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: code,
    targetBundle: otpEncryptionTargetBundle,
    publicKey: key.publicKey,
    trustedSigners: [sandbox.signerPublicKey],
  })
  const verify = withWalletSignature(sandbox.fetch, { getKey: () => key, now: sandbox.clock.now })
  const response = await verify(
    `${base}/auth/credentials/${credentialId}/verify`,
    json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle }),
  )
  return response
}

describe('startTestSandbox', () => {
  it('seeds the customers it is given, each with a wallet and an email credential', async () => {
    const sandbox = await start({ customers: [{ email: 'ada@example.com' }, { fullName: 'Grace Hopper' }] })
    const [ada, grace] = sandbox.customers
    expect(ada?.email).toBe('ada@example.com')
    expect(grace?.email).toMatch(/^user-.+@example\.com$/)
    for (const customer of sandbox.customers) {
      const credentials = await sandbox.fetch(
        `${sandbox.baseUrl}/auth/credentials?accountId=${customer.accountId}`,
      )
      expect(await credentials.json()).toMatchObject({
        data: [{ id: customer.emailCredentialId, type: 'EMAIL_OTP', nickname: customer.email }],
      })
    }
    const customer = await sandbox.fetch(`${sandbox.baseUrl}/customers/${grace?.customerId}`)
    expect(await customer.json()).toMatchObject({ fullName: 'Grace Hopper' })
  })

  it('signs in with its otpCode, and not with another code', async () => {
    const sandbox = await start({ customers: [{}] })
    const credentialId = sandbox.customers[0]?.emailCredentialId ?? ''
    await expectCode(() => signInByEmail(sandbox, credentialId, '123123'), 'UNAUTHORIZED')
    sandbox.clock.advance(sandbox.sandbox.config.challengeIntervalMs) // a new challenge may be sent
    expect((await signInByEmail(sandbox, credentialId, sandbox.otpCode)).status).toBe(200)
  })

  it("moves the session's end with its clock", async () => {
    const sandbox = await start({ customers: [{}] })
    const { accountId, emailCredentialId } = sandbox.customers[0] ?? { accountId: '', emailCredentialId: '' }
    const session = await (await signInByEmail(sandbox, emailCredentialId, sandbox.otpCode)).json()
    const active = async () => {
      const page = await (
        await sandbox.fetch(`${sandbox.baseUrl}/auth/sessions?accountId=${accountId}`)
      ).json()
      return page.data.map((listed: { id: string }) => listed.id)
    }
    expect(await active()).toEqual([session.id])
    sandbox.clock.advance(Date.parse(session.expiresAt) - sandbox.clock.now() + 1000)
    expect(await active()).toEqual([])
  })

  it('mints ID tokens the sandbox takes, on its clock', async () => {
    const sandbox = await start({ customers: [{}] })
    sandbox.clock.advance(24 * 3600_000)
    const token = sandbox.idToken({ aud: 'app', sub: 'user-1', email: 'ada@gmail.com' })
    const claims = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/')))
    expect(claims.iat).toBe(Math.floor(sandbox.clock.now() / 1000))
    // A sign-in nonce binds the token to a key, as the service demands.
    const nonce = await oidcNonce((await generateSessionKey()).publicKey)
    expect(sandbox.idToken({ aud: 'app', sub: 'user-1', nonce }).split('.')).toHaveLength(3)
  })

  it('serves a port when asked, and stops it on close', async () => {
    const sandbox = await start({ port: 0 })
    expect(sandbox.baseUrl).toBe(`http://localhost:${sandbox.port}/2025-10-13`)
    const { authorization } = sandbox
    const created = await fetch(`${sandbox.baseUrl}/customers`, {
      ...json('POST', { customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace', email: 'ada@example.com' }),
      headers: { 'Content-Type': 'application/json', Authorization: authorization },
    })
    expect(created.status).toBe(201)
    // Its header is the platform's credentials: without it, the port refuses.
    expect(authorization).toBe(`Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}`)
    expect((await fetch(`${sandbox.baseUrl}/customers`)).status).toBe(401)
    await sandbox.close()
    await expect(
      fetch(`${sandbox.baseUrl}/customers`, { headers: { Authorization: authorization } }),
    ).rejects.toThrow()
  })

  it('closes its port when a seeded customer is refused', async () => {
    const port = await freePort()
    await expectCode(() => start({ port, customers: [{ email: 'not an email' }] }), 'INVALID_INPUT')
    // The port is free again: another server can take it.
    const server = createServer()
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, 'localhost', resolve)
    })
    await new Promise((resolve) => server.close(resolve))
  })

  it('hands the relay what it needs to reach it', async () => {
    const sandbox = await start({ customers: [{}] })
    const relay = createRelay({ ...sandbox.relayOptions, prefix: '/api/wallet', authorize: () => true })
    const { emailCredentialId } = sandbox.customers[0] ?? { emailCredentialId: '' }
    const answer = await relay(
      new Request(`http://app.test/api/wallet/auth/credentials/${emailCredentialId}/challenge`, {
        method: 'POST',
      }),
    )
    expect(answer.status).toBe(200)
    expect(await answer.json()).toHaveProperty('otpEncryptionTargetBundle')
  })

  it('funds a wallet, and reports a refused set-up step with the service code', async () => {
    const sandbox = await start({ customers: [{}] })
    const { accountId } = sandbox.customers[0] ?? { accountId: '' }
    await sandbox.fund(accountId, 5_000_000)
    const page = await (
      await sandbox.fetch(`${sandbox.baseUrl}/customers/internal-accounts?limit=100`)
    ).json()
    expect(page.data.find((account: { id: string }) => account.id === accountId)?.balance.amount).toBe(
      5_000_000,
    )
    await expectCode(() => sandbox.createCustomer({ email: 'not an email' }), 'INVALID_INPUT')
    await expectCode(() => sandbox.fund('InternalAccount:nope', 1), 'REFERENCE_NOT_FOUND')
  })
})
