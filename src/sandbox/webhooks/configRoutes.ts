import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, newId, type SandboxContext } from '../context.js'
import { badRequest } from '../money/moneyErrors.js'
import { readBody } from '../readBody.js'
import { invalidInput } from '../sandboxError.js'

const HttpUrl = z
  .string()
  .check(
    z.refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      'not an http(s) URL',
    ),
  )
const Domain = z.string().check(z.regex(/^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/i))

// Only what the sandbox honours: the other PlatformConfigUpdateRequest members (currencies, fees,
// embedded-wallet and card branding) are refused rather than accepted and ignored.
const ConfigUpdate = z.strictObject({
  webhookEndpoint: z.optional(HttpUrl),
  umaDomain: z.optional(Domain),
})

/**
 * The platform's configuration and webhook test: `GET /config` and `PATCH /config` (a
 * PlatformConfig; a `webhookEndpoint` registers it and sends it the `TEST` webhook in the
 * background, an `umaDomain` names the sandbox's UMA domain; anything else is 400) and
 * `POST /sandbox/webhooks/test`, which sends a `TEST` webhook now and answers the endpoint's
 * status and body (400 `WEBHOOK_ENDPOINT_NOT_SET` without an endpoint, `WEBHOOK_DELIVERY_ERROR`
 * when no answer came).
 *
 * @example
 * ```ts
 * app.route('/', configRoutes(ctx))
 * ```
 */
export function configRoutes(ctx: SandboxContext): Hono {
  const app = new Hono()
  const id = newId('PlatformConfig')
  const createdAt = ctx.clock.now()
  let updatedAt = createdAt

  const view = () => {
    const endpoint = ctx.webhooks?.hub.endpoint()
    return {
      id,
      umaDomain: ctx.config.umaDomain,
      ...(endpoint === undefined ? {} : { webhookEndpoint: endpoint }),
      isRegulatedFinancialInstitution: false,
      createdAt: iso(createdAt),
      updatedAt: iso(updatedAt),
    }
  }

  app.get('/config', (c) => c.json(view()))

  app.patch('/config', async (c) => {
    const { value } = await readBody(c, ConfigUpdate)
    const hub = ctx.webhooks?.hub
    if (value.webhookEndpoint !== undefined && !hub) throw invalidInput('This sandbox sends no webhooks.')
    if (value.umaDomain !== undefined) ctx.config.umaDomain = value.umaDomain
    if (hub && value.webhookEndpoint !== undefined) {
      hub.setEndpoint(value.webhookEndpoint)
      hub.emit('TEST', {})
    }
    updatedAt = ctx.clock.now()
    return c.json(view())
  })

  app.post('/sandbox/webhooks/test', async (c) => {
    const url = ctx.webhooks?.hub.endpoint()
    if (!ctx.webhooks || url === undefined) {
      throw badRequest('WEBHOOK_ENDPOINT_NOT_SET', 'Register a webhookEndpoint with PATCH /config first.')
    }
    const answer = await ctx.webhooks.hub.sendTest(url).catch((error: unknown) => {
      throw badRequest('WEBHOOK_DELIVERY_ERROR', `The endpoint did not answer: ${String(error)}`)
    })
    return c.json({ url: answer.url, response_status: answer.status, response_body: answer.body })
  })

  return app
}
