import { Hono } from 'hono'
import * as z from 'zod/mini'
import { CredentialType } from '../../wire/authMethod.js'
import { PasskeyAssertion, PasskeyAttestation } from '../../wire/passkeyAssertion.js'
import { prefixedId } from '../../wire/primitives.js'
import { claimFirst } from '../claimFirst.js'
import { iso, newId, type SandboxContext, walletUserId } from '../context.js'
import { requireAccount, requireCredential } from '../lookups.js'
import { checkSandboxToken, providerName } from '../oidc.js'
import { issueOtp, verifyOtp } from '../otp.js'
import { issuePasskeyChallenge, verifyPasskey } from '../passkeys.js'
import { readBody } from '../readBody.js'
import { invalidInput, SandboxError } from '../sandboxError.js'
import { openSession } from '../sessions.js'
import { acceptRetry, isRetry, issueChallenge, signedRetry } from '../signedRetry.js'
import type { CredentialRecord } from '../store.js'
import { verifyPasskeyRegistration } from '../verifyPasskeyRegistration.js'
import { verifyRateLimit } from '../verifyRateLimit.js'
import { authMethodView } from '../views.js'

const AccountId = prefixedId('InternalAccount')

// Trimmed first; the characters the service allows in a passkey's name.
const PasskeyNickname = z
  .string()
  .check(
    z.trim(),
    z.regex(/^[\p{L}\p{N} ._\-'()]{1,100}$/u, "nickname: 1-100 letters, digits, spaces and . _ - ' ( )"),
  )

// The service's create bodies, by type: OTP credentials name only the account (the contact comes
// from the customer on file).
const CreateCredential = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('EMAIL_OTP'), accountId: AccountId }),
  z.looseObject({ type: z.literal('SMS_OTP'), accountId: AccountId }),
  z.looseObject({ type: z.literal('OAUTH'), accountId: AccountId, oidcToken: z.string() }),
  z.looseObject({
    type: z.literal('PASSKEY'),
    accountId: AccountId,
    nickname: PasskeyNickname,
    challenge: z.string().check(z.minLength(1)),
    attestation: PasskeyAttestation,
  }),
])
type CreateCredential = z.infer<typeof CreateCredential>

const Verify = z.looseObject({
  type: CredentialType,
  encryptedOtpBundle: z.optional(z.string()),
  oidcToken: z.optional(z.string()),
  clientPublicKey: z.optional(z.string()),
  assertion: z.optional(PasskeyAssertion),
})

const PasskeyChallenge = z.looseObject({ clientPublicKey: z.string() })

/** A credential about to be stored: what the rules are checked on, before the 202 and at the retry. */
type NewCredential = Omit<CredentialRecord, 'id' | 'createdAt' | 'updatedAt'>

function badRequest(code: string, message: string): SandboxError {
  return new SandboxError({ status: 400, code, message })
}

/** The activity the service signs for adding a credential, with the parameters it binds. */
function addActivity(
  body: CreateCredential,
  credential: NewCredential,
): { activity: string; parameters: Record<string, unknown> } {
  const userId = walletUserId(credential.accountId)
  switch (body.type) {
    case 'EMAIL_OTP':
      return {
        activity: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
        parameters: { userEmail: credential.nickname, userId },
      }
    case 'SMS_OTP':
      return {
        activity: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
        parameters: { userId, userPhoneNumber: credential.nickname },
      }
    case 'OAUTH':
      return {
        activity: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
        parameters: {
          oauthProviders: [
            { oidcToken: body.oidcToken, providerName: providerName(credential.oidc?.iss ?? '') },
          ],
          userId,
        },
      }
    case 'PASSKEY': {
      const { credentialId, clientDataJson, attestationObject, transports } = body.attestation
      return {
        activity: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
        parameters: {
          authenticators: [
            {
              attestation: { attestationObject, clientDataJson, credentialId },
              authenticatorName: credential.nickname,
              challenge: body.challenge,
              transports: transports ?? [],
            },
          ],
          userId,
        },
      }
    }
  }
}

/** The activity that removes a credential, naming it by its id. */
function removeActivity(credential: CredentialRecord): {
  activity: string
  parameters: Record<string, unknown>
} {
  const userId = walletUserId(credential.accountId)
  switch (credential.type) {
    case 'EMAIL_OTP':
      return { activity: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', parameters: { userEmail: '', userId } }
    case 'SMS_OTP':
      return {
        activity: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
        parameters: { userId, userPhoneNumber: '' },
      }
    case 'OAUTH':
      return {
        activity: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS',
        parameters: { providerIds: [credential.id], userId },
      }
    case 'PASSKEY':
      return {
        activity: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS',
        parameters: { authenticatorIds: [credential.id], userId },
      }
  }
}

/** Registering, listing, revoking, challenging and verifying credentials (spec "Embedded-wallet"). */
export function credentialRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { store, clock, config } = ctx
  const credentialsOf = (accountId: string) => store.credentials.where('account', accountId)

  /** The per-account rules, checked when the 202 is issued and again when the credential is stored. */
  function checkRules(credential: NewCredential): void {
    const existing = credentialsOf(credential.accountId)
    switch (credential.type) {
      case 'EMAIL_OTP':
        if (existing.some((c) => c.type === 'EMAIL_OTP'))
          throw badRequest(
            'EMAIL_OTP_CREDENTIAL_ALREADY_EXISTS',
            'The account already has an EMAIL_OTP credential.',
          )
        return
      case 'SMS_OTP':
        if (existing.some((c) => c.type === 'SMS_OTP'))
          throw badRequest(
            'SMS_OTP_CREDENTIAL_ALREADY_EXISTS',
            'The account already has an SMS_OTP credential.',
          )
        return
      case 'OAUTH': {
        const { iss, sub } = credential.oidc ?? {}
        if (existing.some((c) => c.oidc?.iss === iss && c.oidc?.sub === sub))
          throw invalidInput('This identity is already a credential of the account.')
        return
      }
      case 'PASSKEY':
        if (store.credentials.where('passkey', credential.passkey?.credentialId ?? '').length > 0)
          throw badRequest('PASSKEY_CREDENTIAL_ALREADY_EXISTS', 'This passkey is already registered.')
        return
    }
  }

  /** The credential, unless it is the account's last one (400): an account keeps one at least. */
  function requireRemovable(id: string | undefined): CredentialRecord {
    const credential = requireCredential(ctx, id)
    if (credentialsOf(credential.accountId).length <= 1) {
      throw invalidInput(
        'An account must keep at least one credential: add another before removing this one.',
      )
    }
    return credential
  }

  /**
   * Takes the credential's challenge slot (429 while the interval since the last one runs); returns
   * how to give it back, when no challenge was issued after all.
   */
  function claimChallenge(credentialId: string): () => void {
    const now = clock.now()
    const last = store.lastChallengeAt.get(credentialId)
    if (last !== undefined && now - last < config.challengeIntervalMs) {
      const retryAfter = Math.ceil((config.challengeIntervalMs - (now - last)) / 1000)
      throw new SandboxError({
        status: 429,
        code: 'RATE_LIMITED',
        message: `Too many challenges: try again in ${retryAfter} seconds.`,
        headers: { 'Retry-After': String(retryAfter) },
      })
    }
    store.lastChallengeAt.set(credentialId, now)
    return () => {
      if (store.lastChallengeAt.get(credentialId) !== now) return
      if (last === undefined) store.lastChallengeAt.delete(credentialId)
      else store.lastChallengeAt.set(credentialId, last)
    }
  }

  /** What a new credential of this body would be: its token or attestation checked, its contact found. */
  async function newCredential(body: CreateCredential): Promise<NewCredential> {
    const account = requireAccount(ctx, body.accountId)
    const base = { accountId: body.accountId, type: body.type }
    switch (body.type) {
      case 'EMAIL_OTP':
      case 'SMS_OTP': {
        const customer = store.customers.get(account.customerId)
        const contact = body.type === 'EMAIL_OTP' ? customer?.email : customer?.phoneNumber
        if (!contact) {
          throw badRequest(
            'MISSING_MANDATORY_USER_INFO',
            `The customer has no ${body.type === 'EMAIL_OTP' ? 'email' : 'phone number'} on file: set it with PATCH /customers/{id} first.`,
          )
        }
        return { ...base, nickname: contact }
      }
      case 'OAUTH': {
        const claims = await checkSandboxToken(ctx, body.oidcToken)
        return {
          ...base,
          nickname: claims.email ?? claims.sub,
          oidc: { iss: claims.iss, aud: claims.aud, sub: claims.sub },
        }
      }
      case 'PASSKEY': {
        const passkey = await verifyPasskeyRegistration(ctx, {
          attestation: body.attestation,
          challenge: body.challenge,
          origin: config.origins,
        })
        return { ...base, nickname: body.nickname, passkey }
      }
    }
  }

  app.post('/auth/credentials', async (c) => {
    const body = await readBody(c, CreateCredential)
    const { accountId } = body.value
    requireAccount(ctx, accountId)
    let candidate: NewCredential
    if (isRetry(ctx, c)) {
      // The credential checked at the 202 waits with it; the retry's body must be the same.
      candidate = (await acceptRetry(ctx, c, { accountId, body })).pending.context as NewCredential
    } else {
      candidate = await newCredential(body.value)
      // The first credential of a wallet needs no signature: nothing could sign for it.
      if (credentialsOf(accountId).length > 0) {
        // Checked before the 202 too, so a doomed registration is not signed for nothing.
        checkRules(candidate)
        return issueChallenge(ctx, c, {
          accountId,
          body,
          type: body.value.type,
          ...addActivity(body.value, candidate),
          context: candidate,
        })
      }
    }
    // Again now: another registration may have been stored since the 202.
    checkRules(candidate)
    const now = iso(clock.now())
    const credential: CredentialRecord = {
      ...candidate,
      id: newId('AuthMethod'),
      createdAt: now,
      updatedAt: now,
    }
    store.credentials.set(credential.id, credential)
    if (credential.type === 'EMAIL_OTP' || credential.type === 'SMS_OTP') {
      // The code goes out now; /verify with this bundle activates the credential.
      store.lastChallengeAt.set(credential.id, clock.now())
      const otpEncryptionTargetBundle = await issueOtp(ctx, credential)
      return c.json({ ...authMethodView(credential), otpEncryptionTargetBundle }, 201)
    }
    return c.json(authMethodView(credential), 201)
  })

  app.get('/auth/credentials', (c) => {
    const accountId = AccountId.safeParse(c.req.query('accountId'))
    if (!accountId.success) throw invalidInput('accountId must be an InternalAccount id.')
    // An account the caller cannot see lists nothing, as the service answers.
    return c.json({ data: credentialsOf(accountId.data).map(authMethodView) })
  })

  app.delete('/auth/credentials/:id', async (c) => {
    const credential = requireRemovable(c.req.param('id'))
    const body = await readBody(c, z.unknown())
    const outcome = await signedRetry(ctx, c, {
      accountId: credential.accountId,
      body,
      ...removeActivity(credential),
      type: credential.type,
      excludeCredentialId: credential.id,
    })
    if (outcome.challenge) return outcome.challenge
    // Again, with the removal: a parallel removal may have taken the account's other credential.
    requireRemovable(credential.id)
    store.credentials.delete(credential.id)
    for (const session of store.sessions.where('credential', credential.id)) session.revoked = true
    // Its challenge state goes too: requests naming a removed credential stop at 404 before they read it.
    store.otpIssuances.delete(credential.id)
    store.lastChallengeAt.delete(credential.id)
    store.verifyFailures.delete(credential.id)
    return c.body(null, 204)
  })

  app.post('/auth/credentials/:id/challenge', (c) => {
    const credential = requireCredential(ctx, c.req.param('id'))
    return claimFirst({
      claim: () => claimChallenge(credential.id),
      attempt: async () => {
        if (credential.type === 'OAUTH')
          throw invalidInput('OAUTH credentials are verified with a fresh token, without a challenge.')
        if (credential.type === 'PASSKEY') {
          const { value } = await readBody(c, PasskeyChallenge)
          const challenge = await issuePasskeyChallenge(ctx, credential, value.clientPublicKey)
          return c.json({ ...authMethodView(credential), ...challenge })
        }
        const otpEncryptionTargetBundle = await issueOtp(ctx, credential)
        return c.json({ ...authMethodView(credential), otpEncryptionTargetBundle })
      },
    })
  })

  app.post('/auth/credentials/:id/verify', (c) => {
    const credential = requireCredential(ctx, c.req.param('id'))
    return verifyRateLimit(ctx, credential.id, async () => {
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
  })

  return app
}
