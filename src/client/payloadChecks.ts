import { WalletAuthError } from '../errors.js'
import type { ActivityExpectation, PayloadLeg } from '../intent/activityExpectation.js'
import { checkPayload } from '../intent/checkPayload.js'
import { describePayload, type PayloadDescription } from '../intent/describePayload.js'
import type { Activity } from '../intent/readActivity.js'
import type { ConfirmAction } from './confirmAction.js'
import { requestIntent } from './requestIntent.js'
import type { SessionState } from './sessionState.js'

/** What one call adds to the checks of the payloads its request has the session sign. */
export interface CallChecks {
  /**
   * Replaces `requestIntent` for this call: the activities leg `leg` may be, given the activities
   * of the legs signed before it (a flow whose second leg must follow from its first).
   */
  intent?: (leg: number, signed: readonly Activity[]) => ActivityExpectation[]
  /** Asked instead of the client's `confirm` for this call's sensitive signatures. */
  confirm?: ConfirmAction
}

/** The checks every payload a client's session signs goes through. */
export interface PayloadChecks {
  /**
   * Refuses (`PAYLOAD_MISMATCH`) a payload the current session is about to sign unless it is one
   * of `expectations`, in the session's organization (learned from the sign-in, or else fixed by
   * the first payload of the session that meets its request's expectation) and, where it names a
   * wallet (`signWith`), the account's wallet (fixed by the first payload that names one).
   */
  expectActivity(payloadToSign: string, expectations: readonly ActivityExpectation[]): Promise<Activity>
  /**
   * Asks `confirm` (else the client's) about a sensitive action (an export, a credential or contact
   * change, a payment, a delegated key); `CONFIRMATION_DECLINED` unless it answers `true`. Other
   * actions, and a client with no `confirm`, pass unasked.
   */
  confirm(description: PayloadDescription, confirm?: ConfirmAction): Promise<void>
  /**
   * Every leg of every signed request: held to what the call expects (`checks.intent`), else to
   * what the request itself sent (`requestIntent`), then confirmed where it is sensitive.
   */
  expectRequest(payloadToSign: string, leg: PayloadLeg, checks: CallChecks): Promise<void>
  /** The organization a session's payloads must name, once known. */
  organizationOf(sessionPublicKey: string): string | undefined
  /** Records the organization of a session (from a signed bundle, or the session it refreshed). */
  learnOrganization(sessionPublicKey: string, organizationId: string | undefined): void
}

// What the confirm hook is asked about: the wallet or its money leaving, how one signs in, who
// else may sign for the wallet, and whom it may pay without a code.
const CONFIRMED_ACTIONS = new Set([
  'export',
  'add-credential',
  'remove-credential',
  'change-contact',
  'pay',
  'delegate',
  'trust-beneficiary',
])

/** A request body as JSON, `undefined` when there is none or it is not JSON. */
function jsonBody(body: Uint8Array | undefined): unknown {
  try {
    return body?.length ? JSON.parse(new TextDecoder().decode(body)) : undefined
  } catch {
    return undefined
  }
}

/**
 * The payload checks of one client: what each signed request may have its session sign, the
 * organization and wallet each session is bound to, and the user's confirmation of sensitive actions.
 *
 * @example
 * ```ts
 * const checks = createPayloadChecks({ state, confirm: settings.confirm })
 * const signedFetch = withWalletSignature(fetch, {
 *   getKey,
 *   expect: (payloadToSign, leg) => checks.expectRequest(payloadToSign, leg, {}),
 * })
 * ```
 */
export function createPayloadChecks(options: {
  state: SessionState
  confirm?: ConfirmAction
}): PayloadChecks {
  const { state } = options
  // Session public key -> the organization its payloads name.
  const organizations = new Map<string, string>()
  // Account id -> the wallet (`signWith`) its payloads name.
  const wallets = new Map<string, string>()
  // The activities signed so far in each signed request's flow.
  const signedLegs = new WeakMap<Request, Activity[]>()

  async function expectActivity(payloadToSign: string, expectations: readonly ActivityExpectation[]) {
    const session = await state.held().catch(() => undefined)
    const organizationId = session ? organizations.get(session.key.publicKey) : undefined
    const activity = checkPayload(
      payloadToSign,
      organizationId === undefined ? expectations : expectations.map((e) => ({ ...e, organizationId })),
    )
    if (!session) return activity
    if (organizationId === undefined) organizations.set(session.key.publicKey, activity.organizationId)
    const { signWith } = activity.parameters
    if (typeof signWith !== 'string') return activity
    const wallet = wallets.get(session.accountId)
    if (wallet !== undefined && wallet !== signWith) {
      throw new WalletAuthError('PAYLOAD_MISMATCH', "The activity names another wallet than the session's.", {
        details: { field: 'parameters.signWith', expected: wallet, received: signWith },
      })
    }
    wallets.set(session.accountId, signWith)
    return activity
  }

  async function confirm(description: PayloadDescription, ask = options.confirm) {
    if (!ask || !CONFIRMED_ACTIONS.has(description.action) || (await ask(description)) === true) return
    throw new WalletAuthError('CONFIRMATION_DECLINED', 'The user did not confirm this action.', {
      details: { action: description.action },
    })
  }

  async function expectRequest(payloadToSign: string, leg: PayloadLeg, checks: CallChecks) {
    // One Request object carries every leg of one flow.
    const signed = signedLegs.get(leg.request) ?? []
    signedLegs.set(leg.request, signed)
    const before = signed.slice(0, leg.index)
    const expectations = checks.intent
      ? checks.intent(leg.index, before)
      : requestIntent({
          method: leg.request.method,
          path: new URL(leg.request.url).pathname,
          body: jsonBody(leg.body),
          leg: leg.index,
          signed: before,
        })
    signed[leg.index] = await expectActivity(payloadToSign, expectations)
    await confirm(describePayload(payloadToSign), checks.confirm ?? options.confirm)
  }

  return {
    expectActivity,
    confirm,
    expectRequest,
    organizationOf: (publicKey) => organizations.get(publicKey),
    learnOrganization(publicKey, organizationId) {
      if (organizationId !== undefined) organizations.set(publicKey, organizationId)
    },
  }
}
