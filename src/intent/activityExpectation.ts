/**
 * What a parameter of the activity must be: a JSON value it must equal (objects: each member
 * listed must match, other members are free; arrays: the same length, element by element), or a
 * predicate for a value the client cannot know in advance (called with `undefined` for a member
 * the activity leaves out, so it decides whether the member may be absent).
 */
export type ParameterPattern =
  | string
  | number
  | boolean
  | null
  | ((value: unknown) => boolean)
  | readonly ParameterPattern[]
  | { readonly [member: string]: ParameterPattern }

/**
 * What one signed request may have the session sign: the activity type(s) the service issues for
 * it, the organization of the session, and the parameters the client itself put in the request.
 *
 * @example
 * ```ts
 * const expectation: ActivityExpectation = {
 *   type: 'ACTIVITY_TYPE_EXPORT_WALLET',
 *   organizationId,
 *   parameters: { targetPublicKey: clientPublicKey },
 * }
 * ```
 */
export interface ActivityExpectation {
  /** `ACTIVITY_TYPE_…`, or the several the service may issue for this request. */
  type: string | readonly string[]
  /** The session's organization; left out, any organization passes. */
  organizationId?: string
  /** Members of `parameters` that must match; members not named here are not checked. */
  parameters?: { readonly [member: string]: ParameterPattern }
}

/** The leg of a signed-retry flow a payload belongs to, for a checker function. */
export interface PayloadLeg {
  /** 0 for the first 202 of the request, 1 for the next challenge of the same flow, … */
  index: number
  /** The request as sent (method, URL, headers). */
  request: Request
  /** Its body bytes, as the retry replays them. */
  body: Uint8Array | undefined
}

/**
 * Checks a payload before it is signed; throwing (a `PAYLOAD_MISMATCH` by convention) refuses it,
 * and nothing is signed or sent.
 *
 * @example
 * ```ts
 * const onlyFirstLeg: PayloadChecker = (payload, leg) => {
 *   if (leg.index > 0) throw new WalletAuthError('PAYLOAD_MISMATCH', 'One leg only.')
 * }
 * ```
 */
export type PayloadChecker = (payloadToSign: string, leg: PayloadLeg) => void | Promise<void>

/** An expectation, several of which one must match, or a checker function. */
export type PayloadExpectation = ActivityExpectation | readonly ActivityExpectation[] | PayloadChecker
