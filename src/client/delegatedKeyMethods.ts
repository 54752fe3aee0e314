import * as z from 'zod/mini'
import { WalletAuthError } from '../errors.js'
import { DelegatedKey } from '../wire/delegatedKey.js'
import type { ClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'

const DelegatedKeyList = z.looseObject({ data: z.array(DelegatedKey) })

/** Delegated signing keys: service-custodied keys that sign a card's wallet payments. */
export interface DelegatedKeyMethods {
  /**
   * Delegates signing for the card's embedded-wallet funding account to a key the service holds.
   * The owner authorizes both of the service's steps: the current session signs two challenges
   * in a row (the signer identity holding one P-256 key named `nickname`, then the policy letting
   * that identity sign; each bound to the card and account where the activity names them), and
   * the key comes back `ACTIVE`. One active key per card funding source. `confirm` is asked
   * instead of the client's.
   */
  create(options: {
    cardId: string
    internalAccountId: string
    nickname: string
    confirm?: ConfirmAction
  }): Promise<DelegatedKey>
  /** One key by its id (one on the signed-in customer's accounts: the relay refuses any other). */
  get(delegatedKeyId: string): Promise<DelegatedKey>
  /** The keys of an account, a card funding source or both (`PENDING` and `REVOKED` included). */
  list(filter: { accountId?: string; fundingSourceId?: string }): Promise<DelegatedKey[]>
  /** Revokes an `ACTIVE` key: the service deletes its signer, and it can no longer sign. */
  revoke(delegatedKeyId: string): Promise<void>
}

/** The `delegatedKeys` methods of a client. */
export function createDelegatedKeyMethods(ctx: ClientContext): DelegatedKeyMethods {
  return {
    create: ({ cardId, internalAccountId, nickname, confirm }) =>
      ctx.call('POST', '/auth/delegated-keys', {
        body: { cardId, internalAccountId, nickname },
        schema: DelegatedKey,
        ...(confirm ? { confirm } : {}),
      }),
    get: (delegatedKeyId) =>
      ctx.call('GET', `/auth/delegated-keys/${encodeURIComponent(delegatedKeyId)}`, { schema: DelegatedKey }),
    async list({ accountId, fundingSourceId } = {}) {
      if (accountId === undefined && fundingSourceId === undefined) {
        throw new WalletAuthError('INVALID_ARGUMENT', 'Name an accountId, a fundingSourceId or both.')
      }
      const query = new URLSearchParams()
      if (accountId !== undefined) query.set('accountId', accountId)
      if (fundingSourceId !== undefined) query.set('fundingSourceId', fundingSourceId)
      return (await ctx.call('GET', `/auth/delegated-keys?${query}`, { schema: DelegatedKeyList })).data
    },
    async revoke(delegatedKeyId) {
      await ctx.call('DELETE', `/auth/delegated-keys/${encodeURIComponent(delegatedKeyId)}`)
    },
  }
}
