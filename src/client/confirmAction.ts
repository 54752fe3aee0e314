import type { PayloadDescription } from '../intent/describePayload.js'

/**
 * Asked before the session makes a sensitive signature (an export, a credential added or removed,
 * a contact change, a payment, a delegated key) with what the checked payload authorises: anything
 * but `true` refuses with `CONFIRMATION_DECLINED`, and nothing is signed or sent.
 *
 * @example
 * ```ts
 * const confirm: ConfirmAction = ({ summary, unchecked = [] }) =>
 *   window.confirm([summary, ...unchecked.map((text) => `Not checked: ${text}`)].join('\n'))
 * ```
 */
export type ConfirmAction = (description: PayloadDescription) => boolean | Promise<boolean>
