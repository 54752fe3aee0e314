import type { SandboxContext } from '../context.js'
import { notFound } from '../sandboxError.js'
import type { InternalAccountRecord } from '../store.js'
import type { HoldingAccountRecord } from './moneyState.js'

/** Any internal account: a customer's embedded wallet, or a holding account (customer or platform). */
export type InternalAccount = InternalAccountRecord | HoldingAccountRecord

/**
 * The internal account with `id`, wallet or holding account, if there is one.
 *
 * @example
 * ```ts
 * const account = findInternalAccount(ctx, effect.accountId)
 * ```
 */
export function findInternalAccount(ctx: SandboxContext, id: string): InternalAccount | undefined {
  return ctx.store.accounts.get(id) ?? ctx.store.money.holdingAccounts.get(id)
}

/**
 * The internal account with `id`, wallet or holding account, or 404 `REFERENCE_NOT_FOUND`.
 *
 * @example
 * ```ts
 * const source = requireInternalAccount(ctx, body.source.accountId)
 * ```
 */
export function requireInternalAccount(ctx: SandboxContext, id: string | undefined): InternalAccount {
  const account = id === undefined ? undefined : findInternalAccount(ctx, id)
  if (!account) throw notFound('REFERENCE_NOT_FOUND', 'Internal account not found.')
  return account
}
