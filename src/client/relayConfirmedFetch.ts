import { bytesToHex } from '../crypto/bytesToHex.js'
import { withWalletSignature } from '../fetch/withWalletSignature.js'
import { checkPayload } from '../intent/checkPayload.js'
import { describePayload } from '../intent/describePayload.js'
import { type Activity, readActivity } from '../intent/readActivity.js'
import { isRelayActivityType } from '../intent/relayActivityTypes.js'
import type { ClientContext } from './clientContext.js'
import type { ConfirmAction } from './confirmAction.js'
import { requestIntent } from './requestIntent.js'

async function sha256Hex(bytes: Uint8Array | undefined): Promise<string> {
  const data = (bytes ?? new Uint8Array(0)) as Uint8Array<ArrayBuffer>
  return bytesToHex(new Uint8Array(await crypto.subtle.digest('SHA-256', data)))
}

function jsonBody(bytes: Uint8Array | undefined): unknown {
  try {
    return bytes?.length ? JSON.parse(new TextDecoder().decode(bytes)) : undefined
  } catch {
    return undefined
  }
}

/**
 * The signed fetch of the calls the relay confirms itself (an SCA factor's enrolment, removal or
 * reset, a contact change): each leg held to `requestIntent`, which for the relay's activity binds the
 * customer, the factor or contact and the SHA-256 of the exact body sent, then `confirm`ed once
 * per act (a contact change the service then has the wallet sign as well is one question). The
 * relay's activities name no wallet organization (the relay does not know it), so they are checked
 * without the session's; every service activity still goes through `ctx.expectActivity`.
 *
 * @example
 * ```ts
 * await ctx.call('DELETE', `/sca/factors/${id}?customerId=${customerId}`, { fetch: relayConfirmedFetch(ctx) })
 * ```
 */
export function relayConfirmedFetch(ctx: ClientContext, confirm?: ConfirmAction): typeof fetch {
  const signedLegs = new WeakMap<Request, Activity[]>()
  const asked = new WeakMap<Request, Set<string>>()
  return withWalletSignature(ctx.settings.fetch, {
    now: ctx.serviceNow,
    ...(ctx.settings.headerName ? { headerName: ctx.settings.headerName } : {}),
    getKey: async () => (await ctx.signingSession())?.key,
    async expect(payloadToSign, leg) {
      const signed = signedLegs.get(leg.request) ?? []
      signedLegs.set(leg.request, signed)
      const url = new URL(leg.request.url)
      const expectations = requestIntent({
        method: leg.request.method,
        path: url.pathname,
        search: url.search,
        body: jsonBody(leg.body),
        bodySha256: await sha256Hex(leg.body),
        leg: leg.index,
        signed: signed.slice(0, leg.index),
      })
      const relayIssued = isRelayActivityType(readActivity(payloadToSign).type)
      signed[leg.index] = relayIssued
        ? checkPayload(payloadToSign, expectations)
        : await ctx.expectActivity(payloadToSign, expectations)
      const description = describePayload(payloadToSign)
      const questions = asked.get(leg.request) ?? new Set<string>()
      asked.set(leg.request, questions)
      const question = `${description.action} ${description.contact ?? ''}`
      if (questions.has(question)) return
      await ctx.confirm(description, confirm)
      questions.add(question)
    },
  })
}
