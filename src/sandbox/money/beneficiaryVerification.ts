import { badRequest } from './moneyErrors.js'
import { outcomeSuffix } from './suffix.js'

const STATUSES: Record<string, string> = {
  '102': 'NOT_MATCHED',
  '103': 'PARTIAL_MATCH',
  '104': 'PENDING',
  '106': 'UNSUPPORTED',
  '107': 'CHECKED_BY_RECEIVING_FI',
}

/**
 * The beneficiary name verification of a new external account, by the last 3 digits of its
 * primary identifier (spec "Sandbox outcomes: beneficiary name verification"): `102` NOT_MATCHED,
 * `103` PARTIAL_MATCH, `104` PENDING, `105` an invalid account (400 `INVALID_BANK_ACCOUNT`), `106`
 * UNSUPPORTED, `107` CHECKED_BY_RECEIVING_FI, any other MATCHED.
 *
 * @example
 * ```ts
 * beneficiaryVerification('DE89370400440532013103') // 'PARTIAL_MATCH'
 * ```
 */
export function beneficiaryVerification(identifier: string): string {
  const suffix = outcomeSuffix(identifier)
  if (suffix === '105') throw badRequest('INVALID_BANK_ACCOUNT', 'The account is invalid.')
  return STATUSES[suffix] ?? 'MATCHED'
}
