import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, type SandboxContext } from '../context.js'
import { requireAccount } from '../lookups.js'
import { customerAccounts } from '../money/customerAccounts.js'
import { listPage } from '../money/listPage.js'
import { platformAccounts } from '../money/openHoldingAccount.js'
import type { InternalAccount } from '../money/requireInternalAccount.js'
import { walletAddress } from '../money/walletAddress.js'
import { readBody } from '../readBody.js'
import { invalidInput } from '../sandboxError.js'
import { keyMode } from '../sessions.js'
import { signedRetry } from '../signedRetry.js'
import { accountView } from '../views.js'

const Export = z.looseObject({ clientPublicKey: z.string() })
// `privateEnabled` is the one field the service updates; a body without it changes nothing.
const Update = z.looseObject({ privateEnabled: z.boolean() })

const ACCOUNT_TYPES = ['INTERNAL_FIAT', 'INTERNAL_CRYPTO', 'EMBEDDED_WALLET'] as const

/** The accounts of a list that pass its `currency` and `type` filters (400 for an unknown type). */
function filtered(c: { req: { query(name: string): string | undefined } }, accounts: InternalAccount[]) {
  const currency = c.req.query('currency')?.toUpperCase()
  const type = c.req.query('type')
  if (type !== undefined && !(ACCOUNT_TYPES as readonly string[]).includes(type)) {
    throw invalidInput(`type must be one of ${ACCOUNT_TYPES.join(', ')}.`)
  }
  return accounts.filter(
    (account) =>
      (currency === undefined || account.currency === currency) &&
      (type === undefined || account.type === type),
  )
}

/**
 * Internal accounts: the customers' (`GET /customers/internal-accounts`, by `customerId`,
 * `currency`, `type`, paginated) and the platform's own (`GET /platform/internal-accounts`);
 * exporting an embedded wallet, and changing its privacy (`PATCH /internal-accounts/{id}`
 * `{ privateEnabled }`, signed). There is no `GET /internal-accounts/{id}`: the service reads
 * accounts through the lists only.
 *
 * @example
 * ```ts
 * app.route('/', internalAccountRoutes(ctx))
 * ```
 */
export function internalAccountRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { store } = ctx

  app.get('/customers/internal-accounts', (c) => {
    const customerId = c.req.query('customerId')
    // Without a customer, every customer's; an unknown customer simply has none.
    const accounts: InternalAccount[] =
      customerId === undefined
        ? [
            ...store.accounts.values(),
            ...[...store.money.holdingAccounts.values()].filter(
              (account) => account.customerId !== undefined,
            ),
          ]
        : customerAccounts(ctx, customerId)
    return c.json(listPage(c, filtered(c, accounts).map(accountView)))
  })

  app.get('/platform/internal-accounts', (c) =>
    c.json({ data: filtered(c, platformAccounts(ctx)).map(accountView) }),
  )

  app.post('/internal-accounts/:id/export', async (c) => {
    const account = requireAccount(ctx, c.req.param('id'))
    const body = await readBody(c, Export)
    if (keyMode(body.value.clientPublicKey) !== 'sealed') {
      throw invalidInput('clientPublicKey of an export must be an uncompressed P-256 key.')
    }
    const outcome = await signedRetry(ctx, c, {
      accountId: account.id,
      body,
      activity: 'ACTIVITY_TYPE_EXPORT_WALLET',
      // The stamp commits to the key the phrase will be sealed to.
      parameters: { targetPublicKey: body.value.clientPublicKey, walletId: account.id },
    })
    if (outcome.challenge) return outcome.challenge
    const encryptedWalletCredentials = await ctx.enclave.exportWallet(
      account.mnemonic,
      body.value.clientPublicKey.toLowerCase(),
      ctx.config.organizationId,
    )
    return c.json({ id: account.id, encryptedWalletCredentials })
  })

  app.patch('/internal-accounts/:id', async (c) => {
    const account = requireAccount(ctx, c.req.param('id'))
    const body = await readBody(c, Update)
    // The service has the wallet sign a raw payload binding the update fields: here the SHA-256 of
    // the body, so a retry with another body is refused.
    const outcome = await signedRetry(ctx, c, {
      accountId: account.id,
      body,
      activity: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2',
      parameters: {
        encoding: 'PAYLOAD_ENCODING_HEXADECIMAL',
        hashFunction: 'HASH_FUNCTION_NO_OP',
        payload: body.digest,
        signWith: walletAddress(account.id),
      },
    })
    if (outcome.challenge) return outcome.challenge
    account.settings.privateEnabled = body.value.privateEnabled
    account.updatedAt = iso(ctx.clock.now())
    return c.json(accountView(account))
  })

  return app
}
