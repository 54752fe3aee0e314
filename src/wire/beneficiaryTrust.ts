import * as z from 'zod/mini'
import { ScaChallenge } from './scaChallenge.js'

/**
 * What starting a beneficiary's trust or untrust answers: the SCA challenge its confirm answers,
 * absent when the service issued none.
 *
 * @example
 * ```ts
 * const started = parseWire(BeneficiaryTrustStart, body, 'Beneficiary trust start')
 * ```
 */
export const BeneficiaryTrustStart = z.looseObject({ scaChallenge: z.nullish(ScaChallenge) })
export type BeneficiaryTrustStart = z.infer<typeof BeneficiaryTrustStart>

/**
 * What confirming it answers: whether the beneficiary is now trusted.
 *
 * @example
 * ```ts
 * const { trusted } = parseWire(BeneficiaryTrustConfirm, body, 'Beneficiary trust')
 * ```
 */
export const BeneficiaryTrustConfirm = z.looseObject({ trusted: z.boolean() })
export type BeneficiaryTrustConfirm = z.infer<typeof BeneficiaryTrustConfirm>
