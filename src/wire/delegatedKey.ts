import * as z from 'zod/mini'
import { CompressedPublicKeyHex, DateTime, prefixedId } from './primitives.js'

/**
 * A delegated signing key: a service-custodied P-256 key that signs for a card's embedded-wallet
 * funding account in place of a session key while `ACTIVE`. `PENDING` is a creation abandoned
 * after its second leg; `REVOKED` can no longer sign. Other statuses are kept as they come.
 *
 * @example
 * ```ts
 * const key = parseWire(DelegatedKey, await response.json(), 'DelegatedKey')
 * if (key.status === 'ACTIVE') showCardReady(key.cardId)
 * ```
 */
export const DelegatedKey = z.looseObject({
  id: prefixedId('DelegatedKey'),
  cardId: z.string().check(z.minLength(1)),
  fundingSourceId: z.string().check(z.minLength(1)),
  accountId: prefixedId('InternalAccount'),
  publicKey: CompressedPublicKeyHex,
  nickname: z.string(),
  status: z.string().check(z.minLength(1)),
  createdAt: DateTime,
  updatedAt: DateTime,
})
export type DelegatedKey = z.infer<typeof DelegatedKey>
