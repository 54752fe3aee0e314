// An in-process sandbox and the kit wired to it, as an integrator's page and backend would be.

import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import type { SessionMetadata } from '../../src/keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import { createSandbox, type Sandbox, type SandboxOptions } from '../../src/sandbox/index.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'

export interface Harness {
  sandbox: Sandbox
  /** Base URL the kit talks to (in-process: no port). */
  base: string
  /** fetch with HTTP Basic added, answered in-process by the sandbox (the relay's job). */
  api: typeof fetch
  /** `api` wrapped by the kit, signing with whatever `session` holds. */
  signed: typeof fetch
  session: { key?: SessionKey }
}

/** When every harness sandbox starts (this test file's start); its clock stands still unless moved. */
export const SANDBOX_START = Date.now()

/**
 * A fresh sandbox (quiet: OTP codes are not logged; clock frozen at `SANDBOX_START`, moved only
 * by `clock.advance`) and the fetch functions around it.
 */
export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await createSandbox({ log: () => {}, now: () => SANDBOX_START, ...options })
  const authorization = `Basic ${btoa(`${sandbox.clientId}:${sandbox.clientSecret}`)}`
  const api: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    request.headers.set('Authorization', authorization)
    return sandbox.fetch(request)
  }
  const session: { key?: SessionKey } = {}
  return {
    sandbox,
    base: `http://sandbox.test${sandbox.basePath}`,
    api,
    // The kit and the sandbox agree on the time, as a client and the service roughly do.
    signed: withWalletSignature(api, { getKey: () => session.key, now: sandbox.clock.now }),
    session,
  }
}

/** JSON request options. */
export function json(method: string, body?: unknown): RequestInit {
  return {
    method,
    headers: { 'Content-Type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  }
}

export interface Customer {
  customerId: string
  accountId: string
  emailCredentialId: string
}

/** Creates a customer; returns its embedded wallet and EMAIL_OTP credential. */
export async function createCustomer(h: Harness, fields: Record<string, unknown> = {}): Promise<Customer> {
  const email = `user-${crypto.randomUUID().slice(0, 8)}@example.com`
  const customer = await (
    await h.api(
      `${h.base}/customers`,
      json('POST', { customerType: 'INDIVIDUAL', fullName: 'Ada Lovelace', email, ...fields }),
    )
  ).json()
  const accounts = await (
    await h.api(`${h.base}/customers/internal-accounts?customerId=${customer.id}&type=EMBEDDED_WALLET`)
  ).json()
  const accountId = accounts.data[0].id
  const credentials = await (await h.api(`${h.base}/auth/credentials?accountId=${accountId}`)).json()
  return { customerId: customer.id, accountId, emailCredentialId: credentials.data[0].id }
}

/** A complete OTP sign-in through the kit; the session key becomes `h.session.key`. */
export async function otpSignIn(
  h: Harness,
  credentialId: string,
  accountId: string,
  type: 'EMAIL_OTP' | 'SMS_OTP' = 'EMAIL_OTP',
): Promise<{ key: SessionKey; metadata: SessionMetadata }> {
  const challenge = await h.api(`${h.base}/auth/credentials/${credentialId}/challenge`, { method: 'POST' })
  const { otpEncryptionTargetBundle } = await challenge.json()
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: '000000',
    targetBundle: otpEncryptionTargetBundle,
    publicKey: tek.publicKey,
    trustedSigners: [h.sandbox.signerPublicKey],
  })
  const verify = withWalletSignature(h.api, { getKey: () => tek, now: h.sandbox.clock.now })
  const response = await verify(
    `${h.base}/auth/credentials/${credentialId}/verify`,
    json('POST', { type, encryptedOtpBundle }),
  )
  const result = await sessionFromAuthSession({
    response: await response.json(),
    pendingKey: tek,
    credential: { credentialId, accountId, type },
  })
  h.session.key = result.key
  return result
}

/** A sandbox ID token: real claims, dummy signature (the sandbox does not check it). */
export function idToken(claims: Record<string, unknown>): string {
  const segment = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
  return `${segment({ alg: 'RS256', typ: 'JWT' })}.${segment(claims)}.dummy-signature`
}
