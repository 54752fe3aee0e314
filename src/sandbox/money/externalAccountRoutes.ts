import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, newId, type SandboxContext } from '../context.js'
import { requireCustomer } from '../lookups.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound } from '../sandboxError.js'
import { beneficiaryVerification } from './beneficiaryVerification.js'
import { requireCurrency } from './currencies.js'
import type { ExternalAccountRecord } from './moneyState.js'

/**
 * The members of `accountInfo` that can be an external account's primary identifier, in the
 * order they are looked for.
 *
 * @example
 * ```ts
 * IDENTIFIER_FIELDS[0] // 'accountNumber'
 * ```
 */
export const IDENTIFIER_FIELDS = [
  'accountNumber',
  'iban',
  'clabe',
  'pixKey',
  'address',
  'walletAddress',
  'phoneNumber',
  'email',
  'umaAddress',
] as const

const ExternalAccountBody = z.looseObject({
  customerId: z.optional(z.string().check(z.minLength(1))),
  currency: z.string().check(z.minLength(1)),
  accountInfo: z.looseObject({ accountType: z.optional(z.string()) }),
})

/**
 * The external account, or 404 `EXTERNAL_ACCOUNT_NOT_FOUND`.
 *
 * @example
 * ```ts
 * const account = requireExternalAccount(ctx, body.source.accountId)
 * ```
 */
export function requireExternalAccount(ctx: SandboxContext, id: string | undefined): ExternalAccountRecord {
  const account = id === undefined ? undefined : ctx.store.money.externalAccounts.get(id)
  if (!account) throw notFound('EXTERNAL_ACCOUNT_NOT_FOUND', 'External account not found.')
  return account
}

/**
 * An external account as the API shows it.
 *
 * @example
 * ```ts
 * c.json(externalAccountView(account), 201)
 * ```
 */
export function externalAccountView(account: ExternalAccountRecord): Record<string, unknown> {
  const { fields, identifier: _identifier, createdAt, ...rest } = account
  return { ...fields, ...rest, status: 'ACTIVE', createdAt: iso(createdAt), updatedAt: iso(createdAt) }
}

/**
 * External accounts: `POST /external-accounts` `{ customerId?, currency, accountInfo, beneficiary?,
 * … }` with beneficiary name verification by the identifier's suffix (201, or 400 for `105`),
 * `GET /external-accounts/{id}`, `GET /external-accounts?customerId=`.
 *
 * @example
 * ```ts
 * app.route('/', externalAccountRoutes(ctx))
 * ```
 */
export function externalAccountRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { money } = ctx.store

  app.post('/external-accounts', async (c) => {
    const { value } = await readBody(c, ExternalAccountBody)
    const { customerId, currency, accountInfo, ...fields } = value
    if (customerId !== undefined) requireCustomer(ctx, customerId)
    const { code } = requireCurrency(currency)
    const identifier = IDENTIFIER_FIELDS.map((field) => accountInfo[field]).find(
      (candidate): candidate is string => typeof candidate === 'string' && candidate.trim().length > 0,
    )
    if (!identifier) {
      throw invalidInput('accountInfo needs an identifier.', {
        oneOf: IDENTIFIER_FIELDS.map((f) => `accountInfo.${f}`),
      })
    }
    const account: ExternalAccountRecord = {
      id: newId('ExternalAccount'),
      ...(customerId ? { customerId } : {}),
      currency: code,
      accountInfo,
      identifier,
      beneficiaryVerificationStatus: beneficiaryVerification(identifier),
      fields,
      createdAt: ctx.clock.now(),
    }
    money.externalAccounts.set(account.id, account)
    return c.json(externalAccountView(account), 201)
  })

  app.get('/external-accounts', (c) => {
    const customerId = c.req.query('customerId')
    const data = [...money.externalAccounts.values()]
      .filter((account) => customerId === undefined || account.customerId === customerId)
      .map(externalAccountView)
    return c.json({ data })
  })

  app.get('/external-accounts/:accountId', (c) =>
    c.json(externalAccountView(requireExternalAccount(ctx, c.req.param('accountId')))),
  )

  return app
}
