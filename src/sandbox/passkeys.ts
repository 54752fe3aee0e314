import { verifyAuthenticationResponse } from '@simplewebauthn/server'
import type { Context } from 'hono'
import { bytesToBase64Url } from '../crypto/bytesToBase64Url.js'
import { utf8 } from '../crypto/utf8.js'
import type { PasskeyAssertion } from '../wire/passkeyAssertion.js'
import { activityPayload } from './activityPayload.js'
import { iso, newId, type SandboxContext, walletUserId } from './context.js'
import { pruneExpired } from './pruneExpired.js'
import { invalidInput, unauthorized } from './sandboxError.js'
import { keyMode, openSession } from './sessions.js'
import { sha256Hex } from './sha256.js'
import type { CredentialRecord } from './store.js'

/** The assertion signature the sandbox still accepts without WebAuthn verification. */
export const LEGACY_PASSKEY_SIGNATURE = 'sandbox-valid-passkey-signature'

/**
 * A passkey sign-in challenge: the SHA-256 (hex) of the session-creation payload, which binds
 * `clientPublicKey`, with the `requestId` that `/verify` must carry.
 */
export async function issuePasskeyChallenge(
  ctx: SandboxContext,
  credential: CredentialRecord,
  clientPublicKey: string,
): Promise<{ challenge: string; requestId: string; expiresAt: string }> {
  const mode = keyMode(clientPublicKey)
  const now = ctx.clock.now()
  const requestId = newId('Request')
  // The session-creation activity the assertion approves: it binds the key and this request.
  const payload = activityPayload({
    organizationId: ctx.config.organizationId,
    type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
    parameters: { requestId, targetPublicKey: clientPublicKey, userId: walletUserId(credential.accountId) },
    timestampMs: now,
  })
  const record = {
    requestId,
    credentialId: credential.id,
    challenge: sha256Hex(payload),
    clientPublicKey,
    keyMode: mode,
    expiresAt: now + ctx.config.signedRetryTtlMs,
    used: false,
  }
  pruneExpired(ctx.store.passkeyChallenges, now - ctx.config.signedRetryTtlMs)
  ctx.store.passkeyChallenges.set(record.requestId, record)
  return { challenge: record.challenge, requestId: record.requestId, expiresAt: iso(record.expiresAt) }
}

/**
 * Passkey `/verify`: the challenge named by `Request-Id`, then the assertion (credential id,
 * challenge, origin, RP id, user presence, signature, counter) unless it carries the legacy value.
 */
export async function verifyPasskey(
  ctx: SandboxContext,
  c: Context,
  credential: CredentialRecord,
  assertion: PasskeyAssertion | undefined,
): Promise<Response> {
  const requestId = c.req.header('Request-Id')
  if (!requestId)
    throw unauthorized('Passkey verify needs the Request-Id from /challenge.', 'REQUEST_ID_MISSING')
  if (!assertion) throw invalidInput('PASSKEY verify needs assertion.')
  const record = ctx.store.passkeyChallenges.get(requestId)
  if (!record || record.credentialId !== credential.id)
    throw unauthorized('The Request-Id is not a challenge of this credential')
  if (record.used) throw unauthorized('The passkey challenge was already used')
  if (record.expiresAt <= ctx.clock.now()) throw unauthorized('The passkey challenge has expired')
  // Used up before any await, so one assertion replayed in parallel opens one session at most.
  record.used = true
  const passkey = credential.passkey
  if (!passkey || assertion.credentialId !== passkey.credentialId) {
    throw unauthorized('The assertion is from another credential')
  }
  if (assertion.signature !== LEGACY_PASSKEY_SIGNATURE) {
    // The WebAuthn challenge is the UTF-8 of the hex text (wire-formats section 7).
    const failure = await checkAssertion(ctx, {
      assertion,
      challenge: record.challenge,
      passkey,
      origins: ctx.config.origins,
    })
    if (failure) throw unauthorized(`Passkey assertion rejected: ${failure}`)
  }
  return c.json((await openSession(ctx, credential, record.clientPublicKey, record.keyMode)).body)
}

/**
 * Verifies a WebAuthn assertion for a registered passkey: credential, challenge (whose UTF-8 bytes
 * the authenticator signed), origin, RP id, user presence, signature and counter. Returns `undefined`
 * when it verifies (the counter is then advanced), or why it does not.
 */
export async function checkAssertion(
  ctx: SandboxContext,
  options: {
    assertion: PasskeyAssertion
    challenge: string
    passkey: NonNullable<CredentialRecord['passkey']>
    origins: string | string[]
  },
): Promise<string | undefined> {
  const { assertion, passkey } = options
  try {
    const result = await verifyAuthenticationResponse({
      response: {
        id: assertion.credentialId,
        rawId: assertion.credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: assertion.clientDataJson,
          authenticatorData: assertion.authenticatorData,
          signature: assertion.signature,
          ...(assertion.userHandle ? { userHandle: assertion.userHandle } : {}),
        },
        clientExtensionResults: {},
      },
      expectedChallenge: bytesToBase64Url(utf8(options.challenge)),
      expectedOrigin: options.origins,
      // A ceremony in a frame (the kit's signer, on its own origin) reports the page framing it:
      // that page must be one of the allowed origins too.
      expectedTopOrigin: options.origins,
      expectedRPID: ctx.config.rpId,
      credential: {
        id: passkey.credentialId,
        publicKey: Uint8Array.from(passkey.publicKey),
        counter: passkey.counter,
      },
      requireUserVerification: false,
    })
    if (!result.verified) return 'the signature does not verify'
    // Compared again with the counter now: a parallel assertion (a cloned authenticator's) may have
    // moved it while this one was verified against the value before.
    const { newCounter } = result.authenticationInfo
    if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter) {
      return `the signature counter ${newCounter} did not move past ${passkey.counter}`
    }
    passkey.counter = newCounter
    return undefined
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}
