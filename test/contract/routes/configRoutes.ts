// The platform configuration and webhook test operations of the service's contract that the
// sandbox serves (`/config`, `/sandbox/webhooks/test`), with response schemas written from the
// contract's PlatformConfig and TestWebhookResponse.

import * as z from 'zod'
import type { ContractRoute } from '../contractRoute.js'

const DateTime = z.iso.datetime({ offset: true })

// Every member PlatformConfig defines is optional; the sandbox fills the ones it honours. The
// nested configurations (currencies, fees, branding) are not sent by the sandbox, so a strict
// object refuses them rather than checking them loosely.
const PlatformConfig = z.strictObject({
  id: z.optional(z.string()),
  umaDomain: z.optional(z.string()),
  proxyUmaSubdomain: z.optional(z.string()),
  webhookEndpoint: z.optional(z.string()),
  isRegulatedFinancialInstitution: z.optional(z.boolean()),
  createdAt: z.optional(DateTime),
  updatedAt: z.optional(DateTime),
})

const TestWebhookResponse = z.strictObject({
  url: z.optional(z.url()),
  response_status: z.number().int(),
  response_body: z.optional(z.string()),
})

/** `/config` and `/sandbox/webhooks/test` as the contract defines them. */
export const configRoutes: readonly ContractRoute[] = [
  { method: 'GET', path: '/config', responses: { 200: PlatformConfig }, errors: [] },
  { method: 'PATCH', path: '/config', responses: { 200: PlatformConfig }, errors: [400, 501] },
  { method: 'POST', path: '/sandbox/webhooks/test', responses: { 200: TestWebhookResponse }, errors: [400] },
]
