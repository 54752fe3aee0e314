// Load: 200 concurrent OTP sign-ins over real HTTP, through the kit's own OTP encryption, signed
// retry and session reading, and not one session lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withWalletSignature } from '../../src/fetch/withWalletSignature.js'
import type { SessionMetadata } from '../../src/keys/createKeyStore.js'
import { generateSessionKey, type SessionKey } from '../../src/keys/sessionKey.js'
import { encryptOtp } from '../../src/otp/encryptOtp.js'
import { sessionFromAuthSession } from '../../src/session/sessionFromAuthSession.js'
import { recordReliability } from '../reliability/recordReliability.js'
import { type ListenedSandbox, listenedSandbox } from './fuzz/listenedSandbox.js'
import { json } from './harness.js'

const SIGN_INS = 200

interface Account {
  accountId: string
  credentialId: string
}

let world: ListenedSandbox
let requests = 0

/** `world.api`, counting the HTTP requests it sends. */
const counted: typeof fetch = (input, init) => {
  requests += 1
  return world.api(input, init)
}

async function createAccount(index: number): Promise<Account> {
  const created = await counted(
    `${world.base}/customers`,
    json('POST', {
      customerType: 'INDIVIDUAL',
      fullName: `Load ${index}`,
      email: `load-${index}@example.com`,
    }),
  )
  expect(created.status).toBe(201)
  const { id } = await created.json()
  const accounts = await (await counted(`${world.base}/customers/internal-accounts?customerId=${id}`)).json()
  const accountId = accounts.data[0].id as string
  const credentials = await (await counted(`${world.base}/auth/credentials?accountId=${accountId}`)).json()
  return { accountId, credentialId: credentials.data[0].id }
}

/** One OTP sign-in as a page does it: challenge, encrypt the code, verify with the TEK's signed retry. */
async function signIn({
  accountId,
  credentialId,
}: Account): Promise<{ key: SessionKey; metadata: SessionMetadata }> {
  const challenge = await counted(`${world.base}/auth/credentials/${credentialId}/challenge`, {
    method: 'POST',
  })
  if (challenge.status !== 200) throw new Error(`challenge ${challenge.status}: ${await challenge.text()}`)
  const { otpEncryptionTargetBundle } = await challenge.json()
  const tek = await generateSessionKey()
  const encryptedOtpBundle = await encryptOtp({
    otpCode: '000000',
    targetBundle: otpEncryptionTargetBundle,
    publicKey: tek.publicKey,
    trustedSigners: [world.sandbox.signerPublicKey],
  })
  const verify = withWalletSignature(counted, { getKey: () => tek, now: world.sandbox.clock.now })
  const verified = await verify(
    `${world.base}/auth/credentials/${credentialId}/verify`,
    json('POST', { type: 'EMAIL_OTP', encryptedOtpBundle }),
  )
  return sessionFromAuthSession({
    response: await verified.json(),
    pendingKey: tek,
    credential: { credentialId, accountId, type: 'EMAIL_OTP' },
  })
}

/** The service lists the session as active, and it signs a signed retry (a wallet settings change). */
async function sessionWorks(session: { key: SessionKey; metadata: SessionMetadata }, index: number) {
  const { accountId, sessionId } = session.metadata
  const listed = await (await counted(`${world.base}/auth/sessions?accountId=${accountId}`)).json()
  const active = (listed.data as { id: string; publicKey?: string }[]).some((s) => s.id === sessionId)
  if (!active) return false
  const signed = withWalletSignature(counted, { getKey: () => session.key, now: world.sandbox.clock.now })
  const patched = await signed(
    `${world.base}/internal-accounts/${accountId}`,
    json('PATCH', { privateEnabled: index % 2 === 0 }),
  )
  return patched.status === 200 && (await patched.json()).id === accountId
}

describe('load', () => {
  beforeAll(async () => {
    world = await listenedSandbox()
  })
  afterAll(async () => {
    await world?.close()
  })

  it(`completes ${SIGN_INS} concurrent OTP sign-ins over HTTP with zero lost sessions`, {
    timeout: 60_000,
  }, async () => {
    const accounts = await Promise.all(Array.from({ length: SIGN_INS }, (_, index) => createAccount(index)))
    expect(new Set(accounts.map((account) => account.accountId)).size).toBe(SIGN_INS)
    const setupRequests = requests

    const started = performance.now()
    const outcomes = await Promise.allSettled(accounts.map((account) => signIn(account)))
    const wallMs = performance.now() - started
    const signInRequests = requests - setupRequests

    const sessions = outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []))
    const failures = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [String(outcome.reason)] : [],
    )
    const verified = (
      await Promise.all(sessions.map((session, index) => sessionWorks(session, index)))
    ).filter(Boolean).length
    const distinctSessions = new Set(sessions.map((session) => session.metadata.sessionId)).size
    const lost = SIGN_INS - verified
    const loginsPerSecond = Math.round((sessions.length / wallMs) * 1000)

    await recordReliability({
      area: 'load',
      name: `${SIGN_INS} concurrent OTP sign-ins over HTTP`,
      tried:
        `${SIGN_INS} distinct customers created first, then ${SIGN_INS} email-OTP sign-ins started at once against ` +
        'the sandbox over HTTP (sandbox.listen()): /challenge, the kit’s encryptOtp, /verify through ' +
        'withWalletSignature (the TEK signs the retry), sessionFromAuthSession; then every session checked: ' +
        'listed active by GET /auth/sessions and signing a signed retry (PATCH /internal-accounts/{id}).',
      figures: [
        ['sign-ins started', SIGN_INS],
        ['sign-ins completed', sessions.length],
        ['sign-ins failed', failures.length],
        ['distinct sessions', distinctSessions],
        ['sessions verified (listed active and signing)', verified],
        ['HTTP requests of the sign-ins', signInRequests],
        ['HTTP requests in all', requests],
        ['wall time of the sign-ins (ms)', Math.round(wallMs)],
        ['logins/s', loginsPerSecond],
      ],
      outcome:
        lost === 0
          ? `All ${SIGN_INS} sign-ins returned a session; every one is active and signs: none lost.`
          : `${lost} of ${SIGN_INS} sessions lost (${failures.length} sign-ins failed).`,
      lost,
    })

    expect(failures, failures.slice(0, 3).join('\n')).toEqual([])
    expect(sessions).toHaveLength(SIGN_INS)
    expect(distinctSessions).toBe(SIGN_INS)
    expect(verified).toBe(SIGN_INS)
    expect(lost).toBe(0)
  })
})
