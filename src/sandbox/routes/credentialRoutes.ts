import { verifyRegistrationResponse } from '@simplewebauthn/server'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { CredentialType } from '../../wire/authMethod.js'
import { PasskeyAssertion, PasskeyAttestation } from '../../wire/passkeyAssertion.js'
import { prefixedId } from '../../wire/primitives.js'
import { iso, newId, type SandboxContext } from '../context.js'
import { requireAccount, requireCredential } from '../lookups.js'
import { checkSandboxToken } from '../oidc.js'
import { issueOtp, verifyOtp } from '../otp.js'
import { issuePasskeyChallenge, verifyPasskey } from '../passkeys.js'
import { readBody } from '../readBody.js'
import { invalidInput, SandboxError } from '../sandboxError.js'
import { openSession } from '../sessions.js'
import { signedRetry } from '../signedRetry.js'
import type { CredentialRecord } from '../store.js'
import { authMethodView } from '../views.js'

const CreateCredential = z.looseObject({
  type: CredentialType,
  accountId: prefixedId('InternalAccount'),
  oidcToken: z.optional(z.string()),
  challenge: z.optional(z.string().check(z.minLength(1))),
  nickname: z.optional(z.string().check(z.minLength(1))),
  attestation: z.optional(PasskeyAttestation),
  /** SMS_OTP: the phone number codes go to (the spec does not show this body). */
  phoneNumber: z.optional(z.string().check(z.minLength(4))),
})

const Verify = z.looseObject({
  type: CredentialType,
  encryptedOtpBundle: z.optional(z.string()),
  oidcToken: z.optional(z.string()),
  clientPublicKey: z.optional(z.string()),
  assertion: z.optional(PasskeyAssertion),
})

const PasskeyChallenge = z.looseObject({ clientPublicKey: z.string() })

function conflict(message: string, code = 'CREDENTIAL_ALREADY_EXISTS'): SandboxError {
  return new SandboxError({ status: 400, code, message })
}

/** Registering, listing, revoking, challenging and verifying credentials (spec "Embedded-wallet"). */
export function credentialRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { store, clock, config } = ctx
  const credentialsOf = (accountId: string) => store.credentials.where('account', accountId)

  /** What a new credential of this body would be, checked against the cardinality rules. */
  async function prospectiveCredential(
    body: z.infer<typeof CreateCredential>,
  ): Promise<Omit<CredentialRecord, 'id' | 'createdAt' | 'updatedAt'>> {
    const existing = credentialsOf(body.accountId)
    const base = { accountId: body.accountId, type: body.type }
    switch (body.type) {
      case 'EMAIL_OTP': {
        if (existing.some((c) => c.type === 'EMAIL_OTP'))
          throw conflict('The account already has an EMAIL_OTP credential.')
        const customer = store.customers.get(requireAccount(ctx, body.accountId).customerId)
        if (!customer?.email) throw invalidInput('The customer has no email on file.')
        return { ...base, nickname: customer.email }
      }
      case 'SMS_OTP': {
        if (existing.some((c) => c.type === 'SMS_OTP'))
          throw conflict('The account already has an SMS_OTP credential.')
        if (!body.phoneNumber) throw invalidInput('SMS_OTP needs phoneNumber.')
        return { ...base, nickname: body.phoneNumber }
      }
      case 'OAUTH': {
        if (!body.oidcToken) throw invalidInput('OAUTH needs oidcToken.')
        const claims = await checkSandboxToken(ctx, body.oidcToken)
        if (existing.some((c) => c.oidc?.iss === claims.iss && c.oidc.sub === claims.sub)) {
          throw conflict('This identity is already a credential of the account.')
        }
        return {
          ...base,
          nickname: claims.email ?? claims.sub,
          oidc: { iss: claims.iss, aud: claims.aud, sub: claims.sub },
        }
      }
      case 'PASSKEY': {
        if (!body.challenge || !body.attestation || !body.nickname) {
          throw invalidInput('PASSKEY needs challenge, nickname and attestation.')
        }
        const credentialId = body.attestation.credentialId
        if (store.credentials.where('passkey', credentialId).length > 0) {
          throw conflict('This passkey is already registered.', 'PASSKEY_CREDENTIAL_ALREADY_EXISTS')
        }
        const verification = await verifyRegistrationResponse({
          response: {
            id: credentialId,
            rawId: credentialId,
            type: 'public-key',
            response: {
              clientDataJSON: body.attestation.clientDataJson,
              attestationObject: body.attestation.attestationObject,
              transports: body.attestation.transports as never,
            },
            clientExtensionResults: {},
          },
          expectedChallenge: body.challenge,
          expectedOrigin: config.origins,
          expectedRPID: config.rpId,
          requireUserVerification: false,
        }).catch((error: unknown) => {
          throw new SandboxError({
            status: 400,
            code: 'INVALID_ATTESTATION',
            message: 'The passkey attestation does not verify.',
            reason: error instanceof Error ? error.message : String(error),
          })
        })
        if (!verification.verified) throw invalidInput('The passkey attestation does not verify.')
        const { publicKey, counter } = verification.registrationInfo.credential
        return {
          ...base,
          nickname: body.nickname,
          passkey: { credentialId, publicKey, counter, transports: body.attestation.transports },
        }
      }
    }
  }

  app.post('/auth/credentials', async (c) => {
    const body = await readBody(c, CreateCredential)
    requireAccount(ctx, body.value.accountId)
    // Checked before the 202 too, so a doomed registration is not signed for nothing.
    const prospective = await prospectiveCredential(body.value)
    if (credentialsOf(body.value.accountId).length > 0) {
      const outcome = await signedRetry(ctx, c, {
        accountId: body.value.accountId,
        body,
        activity: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS',
        type: body.value.type,
      })
      if (outcome.challenge) return outcome.challenge
    }
    const now = iso(clock.now())
    const credential: CredentialRecord = {
      ...prospective,
      id: newId('AuthMethod'),
      createdAt: now,
      updatedAt: now,
    }
    store.credentials.set(credential.id, credential)
    return c.json(authMethodView(credential), 201)
  })

  app.get('/auth/credentials', (c) => {
    const account = requireAccount(ctx, c.req.query('accountId'))
    return c.json({ data: credentialsOf(account.id).map(authMethodView) })
  })

  app.delete('/auth/credentials/:id', async (c) => {
    const credential = requireCredential(ctx, c.req.param('id'))
    if (credentialsOf(credential.accountId).length <= 1) {
      throw new SandboxError({
        status: 400,
        code: 'LAST_CREDENTIAL',
        message: 'An account must keep at least one credential: add another before removing this one.',
      })
    }
    const body = await readBody(c, z.unknown())
    const outcome = await signedRetry(ctx, c, {
      accountId: credential.accountId,
      body,
      activity: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS',
      type: credential.type,
      excludeCredentialId: credential.id,
    })
    if (outcome.challenge) return outcome.challenge
    store.credentials.delete(credential.id)
    for (const session of store.sessions.where('credential', credential.id)) session.revoked = true
    // Its challenge state goes too: requests naming a removed credential stop at 404 before they read it.
    store.otpIssuances.delete(credential.id)
    store.lastChallengeAt.delete(credential.id)
    return c.body(null, 204)
  })

  app.post('/auth/credentials/:id/challenge', async (c) => {
    const credential = requireCredential(ctx, c.req.param('id'))
    const now = clock.now()
    const last = store.lastChallengeAt.get(credential.id)
    if (last !== undefined && now - last < config.challengeIntervalMs) {
      const retryAfter = Math.ceil((config.challengeIntervalMs - (now - last)) / 1000)
      throw new SandboxError({
        status: 429,
        code: 'RATE_LIMITED',
        message: `Too many challenges: try again in ${retryAfter} seconds.`,
        headers: { 'Retry-After': String(retryAfter) },
      })
    }
    if (credential.type === 'OAUTH')
      throw invalidInput('OAUTH credentials are verified with a fresh token, without a challenge.')
    if (credential.type === 'PASSKEY') {
      const { value } = await readBody(c, PasskeyChallenge)
      store.lastChallengeAt.set(credential.id, now)
      return c.json(await issuePasskeyChallenge(ctx, credential, value.clientPublicKey))
    }
    store.lastChallengeAt.set(credential.id, now)
    const otpEncryptionTargetBundle = await issueOtp(ctx, credential)
    return c.json({ ...authMethodView(credential), otpEncryptionTargetBundle })
  })

  app.post('/auth/credentials/:id/verify', async (c) => {
    const credential = requireCredential(ctx, c.req.param('id'))
    const body = await readBody(c, Verify)
    if (body.value.type !== credential.type) throw invalidInput(`This credential is ${credential.type}.`)
    switch (credential.type) {
      case 'EMAIL_OTP':
      case 'SMS_OTP':
        return verifyOtp(ctx, c, credential, body)
      case 'OAUTH': {
        const { oidcToken, clientPublicKey } = body.value
        if (!oidcToken || !clientPublicKey)
          throw invalidInput('OAUTH verify needs oidcToken and clientPublicKey.')
        const claims = await checkSandboxToken(ctx, oidcToken, clientPublicKey)
        const registered = credential.oidc
        if (
          !registered ||
          registered.iss !== claims.iss ||
          registered.aud !== claims.aud ||
          registered.sub !== claims.sub
        ) {
          throw new SandboxError({
            status: 401,
            code: 'UNAUTHORIZED',
            message: 'Authentication failed.',
            reason: 'OIDC token iss, aud or sub differ from the registered credential',
          })
        }
        return c.json((await openSession(ctx, credential, clientPublicKey)).body)
      }
      case 'PASSKEY':
        return verifyPasskey(ctx, c, credential, body.value.assertion)
    }
  })

  return app
}
