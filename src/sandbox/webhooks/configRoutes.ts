import { Hono } from 'hono'
import * as z from 'zod/mini'
import { iso, newId, type SandboxContext } from '../context.js'
import { badRequest } from '../money/moneyErrors.js'
import { readBody } from '../readBody.js'
import { invalidInput, SandboxError } from '../sandboxError.js'

const HttpUrl = z
  .string()
  .check(
    z.refine(
      (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
      'not an http(s) URL',
    ),
  )
const Domain = z.string().check(z.regex(/^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/i))

// The PlatformConfigUpdateRequest members the sandbox does not honour (currencies, embedded-wallet
// and card branding, fees): 501 NOT_IMPLEMENTED, as the contract lists, rather than accepted and
// ignored. Anything outside the contract, or of the wrong shape, is 400.
const UNHONOURED = [
  'supportedCurrencies',
  'embeddedWalletConfig',
  'cardTokenization2faConfig',
  'feeConfigs',
] as const
const ConfigUpdate = z.strictObject({
  webhookEndpoint: z.optional(HttpUrl),
  umaDomain: z.optional(Domain),
  supportedCurrencies: z.optional(z.array(z.unknown())),
  embeddedWalletConfig: z.optional(z.looseObject({})),
  cardTokenization2faConfig: z.optional(z.looseObject({})),
  feeConfigs: z.optional(z.array(z.unknown())),
})

function notImplemented(members: string[]): SandboxError {
  return new SandboxError({
    status: 501,
    code: 'NOT_IMPLEMENTED',
    message: `The sandbox does not implement ${members.join(', ')}.`,
    details: { members },
  })
}

/**
 * The platform's configuration and webhook test: `GET /config` and `PATCH /config` (a
 * PlatformConfig; a `webhookEndpoint` registers it and sends it the `TEST` webhook once, in the
 * background and never retried, as the service does; an `umaDomain` names the sandbox's UMA
 * domain; the contract's other members are 501 `NOT_IMPLEMENTED`, anything malformed 400) and
 * `POST /sandbox/webhooks/test`, which sends a `TEST` webhook now and answers the endpoint's 2xx
 * status and body (400 `WEBHOOK_ENDPOINT_NOT_SET` without an endpoint, `WEBHOOK_DELIVERY_ERROR`
 * when no answer came or it was not a 2xx).
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
    const unhonoured = UNHONOURED.filter((member) => value[member] !== undefined)
    if (unhonoured.length > 0) throw notImplemented(unhonoured)
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
    if (answer.status < 200 || answer.status > 299) {
      throw badRequest('WEBHOOK_DELIVERY_ERROR', `The endpoint answered ${answer.status}.`, {
        url: answer.url,
        response_status: answer.status,
        response_body: answer.body,
      })
    }
    return c.json({ url: answer.url, response_status: answer.status, response_body: answer.body })
  })

  return app
}
