import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, type SandboxContext } from '../context.js'
import { requireAccount } from '../lookups.js'
import { readBody } from '../readBody.js'
import { invalidInput } from '../sandboxError.js'
import { keyMode } from '../sessions.js'
import { signedRetry } from '../signedRetry.js'
import { accountView } from '../views.js'

const Export = z.looseObject({ clientPublicKey: z.string() })
const Update = z.record(z.string(), z.unknown())

/** Reading an embedded wallet, exporting it and changing its privacy settings (signed). */
export function internalAccountRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  app.get('/internal-accounts/:id', (c) => c.json(accountView(requireAccount(ctx, c.req.param('id')))))

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
    const outcome = await signedRetry(ctx, c, {
      accountId: account.id,
      body,
      activity: 'ACTIVITY_TYPE_UPDATE_WALLET',
    })
    if (outcome.challenge) return outcome.challenge
    const { id: _id, balance: _balance, customerId: _customerId, type: _type, ...settings } = body.value
    Object.assign(account.settings, settings)
    account.updatedAt = iso(ctx.clock.now())
    return c.json(accountView(account))
  })

  return app
}
