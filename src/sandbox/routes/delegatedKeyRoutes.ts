import { p256 } from '@noble/curves/nist.js'
import { Hono } from 'hono'
import * as z from 'zod/mini'
import { bytesToHex } from '../../crypto/bytesToHex.js'
import { prefixedId } from '../../wire/primitives.js'
import { requireCard } from '../cards/requireCard.js'
import { iso, newId, type SandboxContext, walletUserId } from '../context.js'
import { requireAccount } from '../lookups.js'
import { readBody } from '../readBody.js'
import { invalidInput, notFound, SandboxError } from '../sandboxError.js'
import { sha256Hex } from '../sha256.js'
import { acceptRetry, isRetry, issueChallenge } from '../signedRetry.js'
import type { DelegatedKeyRecord } from '../store.js'

const DelegatedKeyCreate = z.looseObject({
  cardId: prefixedId('Card'),
  internalAccountId: prefixedId('InternalAccount'),
  nickname: z.string().check(z.minLength(1), z.maxLength(256)),
})

/** What the first leg decided, carried by its 202 and then by the second's. */
type Leg = { stage: 'user'; keyId: string; publicKey: string } | { stage: 'policy'; keyId: string }

/** The card funding source binding a card to a wallet that funds it: the pair always names the same one. */
function fundingSourceId(cardId: string, accountId: string): string {
  const hex = sha256Hex(`${cardId}\n${accountId}`)
  return `CardFundingSource:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`
}

/** A delegated key as the service shows it (DelegatedKey). */
function delegatedKeyView(key: DelegatedKeyRecord): Record<string, unknown> {
  return { ...key }
}

/**
 * Delegated signing keys (`/auth/delegated-keys`): creation, for a card the wallet funds (else 404
 * `REFERENCE_NOT_FOUND`, as for an unknown card or wallet), is three legs, a 202 for the signer
 * identity holding the new key, a second 202 for the policy that lets it sign, then the key, each
 * leg stamped by a session of the wallet and each `Request-Id` good once; listing by wallet or card
 * funding source; revocation, which the custodied key authorises itself (no wallet signature).
 */
export function delegatedKeyRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const { store, clock } = ctx

  function requireNoActiveKey(sourceId: string): void {
    if (store.delegatedKeys.where('fundingSource', sourceId).some((key) => key.status === 'ACTIVE')) {
      throw new SandboxError({
        status: 409,
        code: 'CONFLICT',
        message: 'This card funding source already has an ACTIVE delegated key: revoke it first.',
      })
    }
  }

  app.post('/auth/delegated-keys', async (c) => {
    const body = await readBody(c, DelegatedKeyCreate)
    const { cardId, internalAccountId, nickname } = body.value
    const account = requireAccount(ctx, internalAccountId)
    if (account.type !== 'EMBEDDED_WALLET')
      throw invalidInput('Only an embedded wallet funds a delegated key.')
    // A card of another customer cannot be funded by this wallet, and a closed card's bindings are
    // detached: no binding, the same 404.
    const card = requireCard(ctx, cardId)
    if (card.state === 'CLOSED' || !card.fundingSources.includes(account.id))
      throw notFound('REFERENCE_NOT_FOUND', 'This card has no funding source on this internal account.')
    const sourceId = fundingSourceId(cardId, account.id)
    // Both legs name the card funding binding they authorise, so the wallet owner's client can
    // tell a key for this card from one for another (the contract leaves the activities open).
    const binding = { cardId, internalAccountId: account.id }

    if (!isRetry(ctx, c)) {
      requireNoActiveKey(sourceId)
      // The service makes the key pair now and custodies it; only its public half is ever shown.
      const publicKey = bytesToHex(p256.getPublicKey(p256.utils.randomSecretKey(), true))
      const keyId = newId('DelegatedKey')
      const leg: Leg = { stage: 'user', keyId, publicKey }
      return issueChallenge(ctx, c, {
        accountId: account.id,
        body,
        activity: 'ACTIVITY_TYPE_CREATE_USERS_V3',
        parameters: {
          ...binding,
          users: [
            {
              apiKeys: [{ apiKeyName: nickname, curveType: 'API_KEY_CURVE_P256', publicKey }],
              userName: walletUserId(keyId),
            },
          ],
        },
        context: leg,
      })
    }

    const { pending } = await acceptRetry(ctx, c, { accountId: account.id, body })
    // Again at each leg: another flow for the same source may have finished meanwhile.
    requireNoActiveKey(sourceId)
    const leg = pending.context as Leg
    const now = iso(clock.now())
    if (leg.stage === 'user') {
      // The signer identity exists from here on, holding no policy: PENDING until the third leg.
      store.delegatedKeys.set(leg.keyId, {
        id: leg.keyId,
        cardId,
        fundingSourceId: sourceId,
        accountId: account.id,
        publicKey: leg.publicKey,
        nickname,
        status: 'PENDING',
        createdAt: now,
        updatedAt: now,
      })
      const next: Leg = { stage: 'policy', keyId: leg.keyId }
      return issueChallenge(ctx, c, {
        accountId: account.id,
        body,
        activity: 'ACTIVITY_TYPE_CREATE_POLICIES',
        parameters: {
          ...binding,
          policies: [
            {
              consensus: `approvers.any(user, user.id == '${walletUserId(leg.keyId)}')`,
              effect: 'EFFECT_ALLOW',
              policyName: `delegated signing: ${nickname}`,
            },
          ],
        },
        context: next,
      })
    }
    const key = store.delegatedKeys.get(leg.keyId)
    if (key?.status !== 'PENDING') throw notFound('REFERENCE_NOT_FOUND', 'The delegated key is gone.')
    key.status = 'ACTIVE'
    key.updatedAt = now
    return c.json(delegatedKeyView(key), 201)
  })

  app.get('/auth/delegated-keys', (c) => {
    const accountId = c.req.query('accountId')
    const sourceId = c.req.query('fundingSourceId')
    if (accountId === undefined && sourceId === undefined)
      throw invalidInput('Name an accountId, a fundingSourceId, or both.')
    const keys =
      accountId === undefined
        ? store.delegatedKeys.where('fundingSource', sourceId ?? '')
        : store.delegatedKeys
            .where('account', accountId)
            .filter((key) => sourceId === undefined || key.fundingSourceId === sourceId)
    return c.json({ data: keys.map(delegatedKeyView) })
  })

  app.get('/auth/delegated-keys/:id', (c) => {
    const key = store.delegatedKeys.get(c.req.param('id'))
    if (!key) throw notFound('REFERENCE_NOT_FOUND', 'Delegated key not found.')
    return c.json(delegatedKeyView(key))
  })

  app.delete('/auth/delegated-keys/:id', (c) => {
    const key = store.delegatedKeys.get(c.req.param('id'))
    if (!key) throw notFound('REFERENCE_NOT_FOUND', 'Delegated key not found.')
    if (key.status !== 'ACTIVE')
      throw invalidInput(`Only an ACTIVE delegated key can be revoked; this one is ${key.status}.`)
    key.status = 'REVOKED'
    key.updatedAt = iso(clock.now())
    return c.body(null, 204)
  })

  return app
}
