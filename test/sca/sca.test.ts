import { describe, expect, it } from 'vitest'
import { authorizeSca, type ScaStep } from '../../src/sca/authorizeSca.js'
import type { ScaChallenge } from '../../src/wire/scaChallenge.js'
import { expectCode } from '../helpers/expectCode.js'

const NOW = Date.parse('2026-11-21T10:00:00Z')
const challenge = (id: string, purpose?: string | null): ScaChallenge => ({
  id,
  expiresAt: '2026-11-21T10:05:00Z',
  factor: 'SMS_OTP',
  availableFactors: ['SMS_OTP', 'PASSKEY'],
  ...(purpose === undefined ? {} : { purpose }),
})

/** A quote that needs the given steps, as the service would serve it after each authorize. */
function quoteService(steps: Array<ScaChallenge | null>) {
  let authorized = 0
  const read = () => {
    const next = steps[authorized]
    return next === undefined
      ? { id: 'Quote:1', status: 'PENDING', scaChallenge: null }
      : { id: 'Quote:1', status: 'PENDING_AUTHORIZATION', scaChallenge: next }
  }
  return {
    read,
    authorize: async () => {
      authorized++
    },
    reload: async () => read(),
    /** As the service answers: the updated quote. */
    authorizeAnswering: async () => {
      authorized++
      return read()
    },
  }
}

describe('authorizeSca', () => {
  it('loops through every step, passing unknown purposes through, until the status leaves PENDING_AUTHORIZATION', async () => {
    const service = quoteService([
      challenge('ScaChallenge:1', 'CURRENCY_CONVERSION'),
      challenge('ScaChallenge:2', 'BRAND_NEW_STEP'),
      challenge('ScaChallenge:3'),
    ])
    const steps: ScaStep[] = []
    const result = await authorizeSca({
      subject: service.read(),
      onChallenge: async (step) => {
        steps.push(step)
        return { code: '123456' }
      },
      authorize: service.authorize,
      reload: service.reload,
      now: () => NOW,
    })
    expect(result.status).toBe('PENDING')
    expect(steps.map((step) => [step.index, step.challenge.id, step.purpose])).toEqual([
      [1, 'ScaChallenge:1', 'CURRENCY_CONVERSION'],
      [2, 'ScaChallenge:2', 'BRAND_NEW_STEP'],
      [3, 'ScaChallenge:3', null],
    ])
  })

  it('returns at once when nothing is pending', async () => {
    const service = quoteService([])
    let asked = 0
    const result = await authorizeSca({
      subject: service.read(),
      onChallenge: async () => {
        asked++
        return { code: '1' }
      },
      authorize: service.authorize,
      reload: service.reload,
    })
    expect(result.status).toBe('PENDING')
    expect(asked).toBe(0)
  })

  it('stops with typed errors on a missing or expired challenge and on endless steps', async () => {
    const answer = async () => ({ code: '123456' })
    const missing = quoteService([null])
    await expectCode(
      () =>
        authorizeSca({
          subject: missing.read(),
          onChallenge: answer,
          authorize: missing.authorize,
          reload: missing.reload,
        }),
      'SCA_CHALLENGE_MISSING',
    )
    const expired = quoteService([challenge('ScaChallenge:1')])
    await expectCode(
      () =>
        authorizeSca({
          subject: expired.read(),
          onChallenge: answer,
          authorize: expired.authorize,
          reload: expired.reload,
          now: () => Date.parse('2026-11-21T10:05:00Z'),
        }),
      'SCA_CHALLENGE_EXPIRED',
    )
    const endless = quoteService(Array.from({ length: 20 }, (_, i) => challenge(`ScaChallenge:${i}`)))
    await expectCode(
      () =>
        authorizeSca({
          subject: endless.read(),
          onChallenge: answer,
          authorize: endless.authorize,
          reload: endless.reload,
          maxSteps: 3,
          now: () => NOW,
        }),
      'SCA_TOO_MANY_STEPS',
    )
  })

  it('takes the subject authorize answers, without a reload', async () => {
    const service = quoteService([challenge('ScaChallenge:1'), challenge('ScaChallenge:2')])
    const proofs: unknown[] = []
    const result = await authorizeSca({
      subject: service.read(),
      onChallenge: async ({ index }) =>
        index === 1 ? { code: '123456', endUserIpAddress: '203.0.113.42' } : { code: '654321' },
      authorize: async (proof) => {
        proofs.push(proof)
        return service.authorizeAnswering()
      },
      now: () => NOW,
    })
    expect(result.status).toBe('PENDING')
    expect(proofs).toEqual([{ code: '123456', endUserIpAddress: '203.0.113.42' }, { code: '654321' }])
    const silent = quoteService([challenge('ScaChallenge:1')])
    await expectCode(
      () =>
        authorizeSca({
          subject: silent.read(),
          onChallenge: async () => ({ code: '123456' }),
          authorize: silent.authorize,
          now: () => NOW,
        }),
      'INVALID_ARGUMENT',
    )
  })
})
