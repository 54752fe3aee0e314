import { type Context, Hono } from 'hono'
import * as z from 'zod/mini'
import { sha256Hex } from '../../crypto/sha256Hex.js'
import { PasskeyAssertion } from '../../wire/passkeyAssertion.js'
import { iso, newId, type SandboxContext } from '../context.js'
import { requireExternalAccount } from '../money/externalAccountRoutes.js'
import type { BeneficiaryTrustChange, ExternalAccountRecord } from '../money/moneyState.js'
import { SCA_CHALLENGE_TTL_MS, scaPasskeys } from '../money/scaChallenges.js'
import { checkProofShape, SANDBOX_SCA_CODE } from '../money/verifyScaProof.js'
import { checkAssertion, LEGACY_PASSKEY_SIGNATURE } from '../passkeys.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound } from '../sandboxError.js'
import type { CustomerRecord } from '../store.js'
import { enrolledFactors } from './enrolledFactors.js'
import { passkeyRequestOptions } from './passkeyRequestOptions.js'
import { requireScaCustomer } from './requireScaCustomer.js'
import { clearWrongProofs, countWrongProof } from './scaLockout.js'

/** Wrong proofs one trust challenge takes before it is dropped (start again for a new one). */
export const TRUST_CHALLENGE_MAX_FAILURES = 5

// BeneficiaryTrustConfirmRequest: the challenge it answers, and a code or a passkey assertion.
const ConfirmBody = z.looseObject({
  challengeId: z.nullish(z.string()),
  code: z.nullish(z.string()),
  passkeyAssertion: z.nullish(PasskeyAssertion),
  origin: z.nullish(z.string()),
})
type ConfirmBody = z.infer<typeof ConfirmBody>

/**
 * Beneficiary trust, for a customer who needs SCA (the external account's owner: the routes name
 * no customer). `POST /customers/external-accounts/{id}/trust` and `/untrust` open an SCA challenge
 * (`{ scaChallenge }`; a passkey one when the customer enrolled a passkey, else the SMS code to its
 * verified phone, logged, always `123456`; TOTP codes pass too: a trust change carries no payment
 * to link); `…/confirm` takes the proof and answers `{ trusted }`. 404 for an unknown or platform
 * account or customer, 409 `CONFLICT` for a customer who needs no SCA, 400 for a missing, other,
 * expired or wrong proof (the challenge is dropped after `TRUST_CHALLENGE_MAX_FAILURES`), and 400
 * too while the customer's SCA is locked after repeated wrong proofs (with `details.lockedUntil`:
 * the contract documents no 423 here). A trusted account's payments need no per-payment challenge,
 * and it cannot be deleted (409 `BENEFICIARY_TRUSTED`).
 *
 * @example
 * ```ts
 * app.route('/', beneficiaryTrustRoutes(ctx))
 * ```
 */
export function beneficiaryTrustRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  /** The account and its SCA customer: 404 for the platform's own accounts, as the contract has it. */
  function beneficiary(c: Context): { account: ExternalAccountRecord; customer: CustomerRecord } {
    const account = requireExternalAccount(ctx, c.req.param('externalAccountId'))
    if (account.customerId === undefined) throw notFound('REFERENCE_NOT_FOUND', 'External account not found.')
    return { account, customer: requireScaCustomer(ctx, account.customerId) }
  }

  async function start(c: Context, trusted: boolean) {
    const { account, customer } = beneficiary(c)
    const available = enrolledFactors(ctx, customer).map((view) => view.factor)
    const factor = (['PASSKEY', 'SMS_OTP', 'TOTP'] as const).find((each) => available.includes(each))
    if (factor === undefined) {
      throw invalidInput('The customer has no SCA factor: verify its phone or enrol one first.')
    }
    const now = ctx.clock.now()
    const challengeId = newId('ScaChallenge')
    // What a passkey signs names this change of this account (the proof is for this act only).
    const webauthnChallenge = await sha256Hex(
      JSON.stringify({
        organizationId: ctx.config.organizationId,
        parameters: { externalAccountId: account.id, scaChallengeId: challengeId, trusted },
        timestampMs: String(now),
        type: trusted ? 'ACTIVITY_TYPE_TRUST_BENEFICIARY' : 'ACTIVITY_TYPE_UNTRUST_BENEFICIARY',
      }),
    )
    const change: BeneficiaryTrustChange = {
      trusted,
      challengeId,
      factor,
      availableFactors: [...available],
      expiresAt: now + SCA_CHALLENGE_TTL_MS,
      webauthnChallenge,
      failures: 0,
    }
    // A new start replaces one pending: only the latest challenge can be answered.
    account.trustChange = change
    if (factor === 'SMS_OTP') {
      ctx.config.log(
        `sandbox: SCA code to ${trusted ? 'trust' : 'untrust'} ${account.id} is 123456 (no SMS is sent)`,
      )
    }
    return c.json({ scaChallenge: challengeView(ctx, customer.id, change) })
  }

  async function confirm(c: Context, trusted: boolean) {
    const { account, customer } = beneficiary(c)
    const { value } = await readBody(c, ConfirmBody)
    checkProofShape(value)
    const lockout = ctx.store.money.scaLockouts.get(customer.id)
    const now = ctx.clock.now()
    if (lockout && now < lockout.lockedUntil) {
      throw invalidInput('Too many wrong proofs: SCA is locked for a while.', {
        reason: 'ACCOUNT_LOCKED',
        lockedUntil: iso(lockout.lockedUntil),
      })
    }
    const change = account.trustChange
    const what = trusted ? 'trust' : 'untrust'
    if (!change || change.trusted !== trusted)
      throw invalidInput(`No ${what} of this account is pending: start one.`)
    if (value.challengeId !== change.challengeId) {
      throw invalidInput('The challengeId is not that of the pending challenge.')
    }
    if (now >= change.expiresAt) {
      delete account.trustChange
      throw invalidInput(`The challenge expired: start the ${what} again.`)
    }
    // Counted as wrong before it is judged, so that parallel proofs each meet the count before them.
    change.failures++
    countWrongProof(ctx, customer.id)
    const failure = await judgeProof(ctx, { change, customerId: customer.id, proof: value })
    if (failure) {
      if (change.failures >= TRUST_CHALLENGE_MAX_FAILURES && account.trustChange === change) {
        delete account.trustChange
      }
      throw invalidInput('The SCA proof does not answer the challenge.', { reason: failure })
    }
    clearWrongProofs(ctx, customer.id)
    // Two proofs of one challenge raced: the first one settled it.
    if (account.trustChange !== change) throw invalidInput('This challenge was answered already.')
    delete account.trustChange
    if (trusted) account.trusted = true
    else delete account.trusted
    return c.json({ trusted })
  }

  app.post('/customers/external-accounts/:externalAccountId/trust', (c) => start(c, true))
  app.post('/customers/external-accounts/:externalAccountId/trust/confirm', (c) => confirm(c, true))
  app.post('/customers/external-accounts/:externalAccountId/untrust', (c) => start(c, false))
  app.post('/customers/external-accounts/:externalAccountId/untrust/confirm', (c) => confirm(c, false))
  return app
}

/** The challenge as the API shows it (ScaChallenge); a passkey one carries its assertion options. */
function challengeView(
  ctx: SandboxContext,
  customerId: string,
  change: BeneficiaryTrustChange,
): Record<string, unknown> {
  return {
    id: change.challengeId,
    expiresAt: iso(change.expiresAt),
    factor: change.factor,
    availableFactors: change.availableFactors,
    ...(change.factor === 'PASSKEY'
      ? {
          passkeyAssertionOptions: passkeyRequestOptions(ctx, {
            webauthnChallenge: change.webauthnChallenge,
            allowed: scaPasskeys(ctx, customerId).map((passkey) => ({
              id: passkey.credentialId,
              transports: passkey.transports,
            })),
            timeout: Math.max(0, change.expiresAt - ctx.clock.now()),
          }),
        }
      : {}),
  }
}

/** Why the proof does not answer the change's challenge, or undefined when it does. */
async function judgeProof(
  ctx: SandboxContext,
  options: { change: BeneficiaryTrustChange; customerId: string; proof: ConfirmBody },
): Promise<string | undefined> {
  const { change, customerId, proof } = options
  if (typeof proof.code === 'string') {
    if (!change.availableFactors.some((factor) => factor !== 'PASSKEY'))
      return 'This challenge takes no code.'
    return proof.code === SANDBOX_SCA_CODE ? undefined : 'The code is wrong.'
  }
  const assertion = proof.passkeyAssertion
  if (!assertion || typeof proof.origin !== 'string') return 'No proof.'
  if (change.factor !== 'PASSKEY') return 'This challenge was not issued for a passkey.'
  if (!ctx.config.origins.includes(proof.origin)) {
    return 'The passkey ceremony ran on an origin the sandbox does not allow.'
  }
  const passkey = scaPasskeys(ctx, customerId).find((each) => each.credentialId === assertion.credentialId)
  if (!passkey) return 'The assertion is not from the SCA passkey this customer enrolled.'
  if (assertion.signature === LEGACY_PASSKEY_SIGNATURE) return undefined
  const failure = await checkAssertion(ctx, {
    assertion,
    challenge: change.webauthnChallenge,
    passkey,
    origins: proof.origin,
  })
  return failure ? `The passkey assertion does not verify: ${failure}` : undefined
}
