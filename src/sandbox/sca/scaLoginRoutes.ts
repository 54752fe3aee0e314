import { Hono } from 'hono'
import * as z from 'zod/mini'
import { bytesToHex } from '../../crypto/bytesToHex.js'
import { PasskeyAssertion } from '../../wire/passkeyAssertion.js'
import { iso, newId, type SandboxContext } from '../context.js'
import { SCA_CHALLENGE_TTL_MS } from '../money/scaChallenges.js'
import { checkProofShape, SANDBOX_SCA_CODE } from '../money/verifyScaProof.js'
import { checkAssertion } from '../passkeys.js'
import { readBody } from '../readBody.js'
import { invalidInput } from '../sandboxError.js'
import type { CustomerRecord } from '../store.js'
import { hasFactor } from './enrolledFactors.js'
import { passkeyRequestOptions } from './passkeyRequestOptions.js'
import { requireScaCustomer } from './requireScaCustomer.js'
import { clearWrongProofs, countWrongProof, requireNotLocked } from './scaLockout.js'
import { SCA_SESSION_TTL_MS } from './scaSession.js'
import { type ScaLoginRecord, type ScaRecord, scaRecordOf } from './scaState.js'
import { requireLoginOpen } from './securityEvents.js'

const StartBody = z.looseObject({ factor: z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']) })

const CompleteBody = z.looseObject({
  factor: z.enum(['SMS_OTP', 'TOTP', 'PASSKEY']),
  endUserIpAddress: z.string(),
  challengeId: z.nullish(z.string()),
  code: z.nullish(z.string()),
  passkeyAssertion: z.nullish(PasskeyAssertion),
  origin: z.nullish(z.string()),
})
type CompleteBody = z.infer<typeof CompleteBody>

/**
 * The SCA login routes, for the customer in `?customerId=` (404 unknown, 409 `CONFLICT` for a
 * customer who does not need SCA). `POST /sca/login/start` with an enrolled factor (400 for one
 * the customer does not have: SMS_OTP needs a verified phone) sends the SMS code (logged, always
 * `123456`) or gives the passkey's WebAuthn options; `POST /sca/login/complete` takes the proof and
 * opens an SCA session for `SCA_SESSION_TTL_MS` (400 wrong or expired proof, 423 `ACCOUNT_LOCKED`
 * after repeated wrong proofs or while failed logins recorded by `/sca/record-event` lock it).
 *
 * @example
 * ```ts
 * app.route('/', scaLoginRoutes(ctx))
 * ```
 */
export function scaLoginRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.post('/sca/login/start', async (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    const { value } = await readBody(c, StartBody)
    if (!hasFactor(ctx, customer, value.factor)) {
      throw invalidInput(
        `The customer has no ${value.factor} factor (enrol it, or verify the phone for SMS_OTP).`,
      )
    }
    return c.json(startLogin(ctx, { customer, factor: value.factor }))
  })

  app.post('/sca/login/complete', async (c) => {
    const customer = requireScaCustomer(ctx, c.req.query('customerId'))
    const { value } = await readBody(c, CompleteBody)
    checkProofShape(value)
    requireNotLocked(ctx, customer.id)
    const record = scaRecordOf(ctx, customer.id)
    requireLoginOpen(ctx, record)
    const login = record.login
    if (!login || login.factor !== value.factor || ctx.clock.now() >= login.expiresAt) {
      throw invalidInput('No SCA login with this factor is pending: start one.')
    }
    if (login.factor === 'SMS_OTP' && value.challengeId !== login.challengeId) {
      throw invalidInput('The challengeId is not that of the pending SMS_OTP login.')
    }
    countWrongProof(ctx, customer.id)
    const failure = await judgeProof(ctx, { record, login, proof: value })
    if (failure) throw invalidInput('The SCA proof does not answer the login.', { reason: failure })
    clearWrongProofs(ctx, customer.id)
    if (record.login === login) delete record.login
    record.sessionExpiresAt = ctx.clock.now() + SCA_SESSION_TTL_MS
    return c.json({ status: 'SUCCESS', sessionExpiresAt: iso(record.sessionExpiresAt) })
  })

  return app
}

/** Opens the login (replacing one pending) and answers ScaLoginStart for its factor. */
function startLogin(
  ctx: SandboxContext,
  options: { customer: CustomerRecord; factor: ScaLoginRecord['factor'] },
): Record<string, unknown> {
  const { customer, factor } = options
  const record = scaRecordOf(ctx, customer.id)
  const expiresAt = ctx.clock.now() + SCA_CHALLENGE_TTL_MS
  if (factor === 'SMS_OTP') {
    const challengeId = newId('ScaChallenge')
    record.login = { factor, challengeId, expiresAt }
    ctx.config.log(
      `sandbox: SCA login code for ${customer.phoneNumber} is ${SANDBOX_SCA_CODE} (no SMS is sent)`,
    )
    return { factor, challengeId, expiresAt: iso(expiresAt) }
  }
  if (factor === 'TOTP') {
    record.login = { factor, expiresAt }
    return { factor }
  }
  const webauthnChallenge = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
  record.login = { factor, webauthnChallenge, expiresAt }
  const passkey = record.passkey
  return {
    factor,
    passkeyOptions: passkeyRequestOptions(ctx, {
      webauthnChallenge,
      allowed: passkey ? [{ id: passkey.credentialId, transports: passkey.transports }] : [],
      timeout: SCA_CHALLENGE_TTL_MS,
    }),
    allowedOrigins: [...ctx.config.origins],
    relyingPartyId: ctx.config.rpId,
  }
}

/** Why the proof does not complete this login, or undefined when it does. */
async function judgeProof(
  ctx: SandboxContext,
  options: { record: ScaRecord; login: ScaLoginRecord; proof: CompleteBody },
): Promise<string | undefined> {
  const { record, login, proof } = options
  if (login.factor !== 'PASSKEY') {
    if (typeof proof.code !== 'string') return 'This factor takes a code.'
    return proof.code === SANDBOX_SCA_CODE ? undefined : 'The code is wrong.'
  }
  const assertion = proof.passkeyAssertion
  const passkey = record.passkey
  if (!assertion || typeof proof.origin !== 'string') return 'A passkey login takes an assertion.'
  if (!ctx.config.origins.includes(proof.origin)) return 'The origin is not one the sandbox allows.'
  if (!passkey || assertion.credentialId !== passkey.credentialId) {
    return 'The assertion is not from the enrolled SCA passkey.'
  }
  return checkAssertion(ctx, {
    assertion,
    challenge: login.webauthnChallenge ?? '',
    passkey,
    origins: proof.origin,
  })
}
