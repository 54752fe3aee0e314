import * as z from 'zod/mini'
import { DateTime } from './primitives.js'

/**
 * A started reset of a lost SCA factor (`POST /sca/factors/reset`): its `resetId`, and what the
 * person completes the identity (liveness) check with, where the service gives it: a token for an
 * embedded verification SDK, or a page to open. The window ends at `expiresAt`, when given.
 *
 * @example
 * ```ts
 * const started = parseWire(ScaResetStart, await response.json(), 'ScaResetStart')
 * if (started.verificationLink) window.open(started.verificationLink)
 * ```
 */
export const ScaResetStart = z.looseObject({
  resetId: z.string().check(z.minLength(1)),
  livenessAccessToken: z.nullish(z.string()),
  verificationLink: z.nullish(z.string()),
  expiresAt: z.nullish(DateTime),
})
export type ScaResetStart = z.infer<typeof ScaResetStart>

/**
 * Where a reset of a lost SCA factor stands (`GET /sca/factors/reset/{resetId}`), polled until
 * `status` is terminal. `INITIATED` and `PENDING_REVIEW`: keep polling; `LIVENESS_PASSED`: complete
 * it; `COMPLETED`, `REJECTED` and `EXPIRED` are final (after the last two, start a new reset).
 * `enrollmentStatus` follows the replacement factor's enrolment (`PENDING`, then `COMPLETED`), and
 * is null for an `SMS_OTP` reset, whose completion sets the new phone at once. `status`, `factor`
 * and `enrollmentStatus` stay plain strings: the service may add values.
 *
 * @example
 * ```ts
 * const { status } = parseWire(ScaResetStatus, await response.json(), 'ScaResetStatus')
 * if (status === 'LIVENESS_PASSED') showFinishButton()
 * ```
 */
export const ScaResetStatus = z.looseObject({
  status: z.string().check(z.minLength(1)),
  factor: z.string().check(z.minLength(1)),
  enrollmentStatus: z.nullish(z.string()),
  expiresAt: DateTime,
  completedAt: z.nullish(DateTime),
})
export type ScaResetStatus = z.infer<typeof ScaResetStatus>
