import { Hono } from 'hono'
import * as z from 'zod/mini'
import { prefixedId } from '../../wire/primitives.js'
import { type SandboxContext, walletUserId } from '../context.js'
import { requireCredential, requireSession } from '../lookups.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound, unauthorized } from '../sandboxError.js'
import { activeSessions, keyMode, openSession } from '../sessions.js'
import { signedRetry } from '../signedRetry.js'
import type { SessionRecord } from '../store.js'
import { sessionView } from '../views.js'

const Refresh = z.looseObject({ clientPublicKey: z.string() })
const AccountId = prefixedId('InternalAccount')

/** Listing, revoking and refreshing sessions (wire-formats section 10). */
export function sessionRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()

  /** Only an active session is refreshed, on both legs (401 otherwise). */
  function requireRefreshable(session: SessionRecord): void {
    if (session.revoked || session.expiresAt <= ctx.clock.now()) {
      throw unauthorized('Only an active session can be refreshed: sign in again.')
    }
  }

  app.get('/auth/sessions', (c) => {
    const accountId = AccountId.safeParse(c.req.query('accountId'))
    if (!accountId.success) throw invalidInput('accountId must be an InternalAccount id.')
    // Active sessions only, and never a sealed key; an account the caller cannot see has none.
    return c.json({ data: activeSessions(ctx, accountId.data).map(sessionView) })
  })

  app.delete('/auth/sessions/:id', async (c) => {
    const session = requireSession(ctx, c.req.param('id'))
    // Revoked or expired is "no such active session", on either leg: re-revoking is harmless.
    if (session.revoked || session.expiresAt <= ctx.clock.now())
      throw notFound('REFERENCE_NOT_FOUND', 'No active session has this id.')
    const body = await readBody(c, z.unknown())
    // Any active session of the account may sign, the one being revoked included.
    const outcome = await signedRetry(ctx, c, {
      accountId: session.accountId,
      body,
      activity: 'ACTIVITY_TYPE_DELETE_API_KEYS',
      parameters: { apiKeyIds: [session.id], userId: walletUserId(session.accountId) },
      type: session.type,
    })
    if (outcome.challenge) return outcome.challenge
    session.revoked = true
    return c.body(null, 204)
  })

  app.post('/auth/sessions/:id/refresh', async (c) => {
    const session = requireSession(ctx, c.req.param('id'))
    const body = await readBody(c, Refresh)
    const mode = keyMode(body.value.clientPublicKey)
    requireRefreshable(session)
    const outcome = await signedRetry(ctx, c, {
      accountId: session.accountId,
      body,
      activity: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
      parameters: { targetPublicKey: body.value.clientPublicKey },
    })
    if (outcome.challenge) return outcome.challenge
    // The session being refreshed signs its own refresh (wire-formats section 10).
    if (outcome.session && outcome.session.id !== session.id) {
      throw unauthorized('A session is refreshed by its own key.', 'WALLET_SIGNATURE_INVALID')
    }
    // The refreshed session replaces the old one: two tabs refreshing at once end with one. Checked
    // again with the revocation, as a parallel refresh may have retired it meanwhile.
    requireRefreshable(session)
    session.revoked = true
    const credential = requireCredential(ctx, session.credentialId)
    return c.json((await openSession(ctx, credential, body.value.clientPublicKey, mode)).body, 201)
  })

  return app
}
