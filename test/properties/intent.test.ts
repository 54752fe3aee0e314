// Properties of the intent check: for every signed operation the client starts, the payload the
// service issues for it is accepted, and any single change of its type (to any string, or to the
// type of another real operation), its organization or one parameter the request binds, the
// activity of another real operation, and a member repeated at any depth (escaped or not) are
// refused with PAYLOAD_MISMATCH before anything is signed. The small spaces (every operation at
// every leg of its flow against every real activity and every real type) are enumerated whole, not
// sampled: a pair a seed never draws is a pair no run checks. The values in them, and the large
// spaces, are generated under a fixed seed, so a failure found once is found again.
import fc from 'fast-check'
import { afterAll, describe, expect, it } from 'vitest'
import { otpAddIntent } from '../../src/client/otpContact.js'
import { requestIntent } from '../../src/client/requestIntent.js'
import { checkVerificationToken } from '../../src/client/verificationTokenIntent.js'
import { bytesToBase64Url } from '../../src/crypto/bytesToBase64Url.js'
import { utf8 } from '../../src/crypto/utf8.js'
import { WalletAuthError } from '../../src/errors.js'
import type { ActivityExpectation } from '../../src/intent/activityExpectation.js'
import { checkPayload } from '../../src/intent/checkPayload.js'
import { readActivity } from '../../src/intent/readActivity.js'
import { generateSessionKey } from '../../src/keys/sessionKey.js'
import { anyValue, hostileString, refusedWith, type Settled, settleSync } from './hostile.js'
import { createPropertyTally } from './propertyTally.js'

fc.configureGlobal({ seed: 19_2026 })
const tally = createPropertyTally()

/** Refused, and with PAYLOAD_MISMATCH (`refusedWith` also passes what was accepted). */
const mismatched = (settled: Settled<unknown>) =>
  !settled.ok && settled.error instanceof WalletAuthError && settled.error.code === 'PAYLOAD_MISMATCH'

type Path = ReadonlyArray<string | number>

/** One signed operation: the request the client sends, and the activity the service answers it with. */
interface Operation {
  name: string
  /** Operations answering the same request (a revoke the service may name by any credential type). */
  group?: string
  request: (v: Values) => { method: string; path: string; body?: unknown; leg?: number }
  /** The activities of the legs signed before this one. */
  signed?: (v: Values) => ReturnType<typeof readActivity>[]
  /** What the client's own call expects instead of `requestIntent` (an OTP add knows the contact). */
  expect?: (v: Values) => ActivityExpectation[]
  activity: (v: Values) => { type: string; parameters: Record<string, unknown> }
  /** The flow of several signed legs this operation is one leg of, in leg order (`FLOWS`). */
  flow?: string
  /** The parameters the request binds. */
  bound: readonly Path[]
  /** What a bound parameter may be changed to; default any value or none. */
  changedTo?: fc.Arbitrary<unknown>
}

// A delegated key's card and account are bound where the activity names them: removing them is
// allowed (a payload the service did not issue is worthless), any other value is not.
const ANOTHER_VALUE = fc.jsonValue({ maxDepth: 2 })
const KEY_BODY = { cardId: 'Card:1', internalAccountId: 'InternalAccount:1', nickname: 'Card key' }
const firstKeyLeg = (v: Values) => ({
  type: 'ACTIVITY_TYPE_CREATE_USERS_V3',
  parameters: {
    cardId: KEY_BODY.cardId,
    internalAccountId: KEY_BODY.internalAccountId,
    users: [
      {
        userName: `signer-${v.id}`,
        apiKeys: [{ apiKeyName: KEY_BODY.nickname, curveType: 'API_KEY_CURVE_P256', publicKey: v.key }],
      },
    ],
  },
})

interface Values {
  id: string
  key: string
  token: string
  contact: string
}

const ACCOUNT = '/wallet/internal-accounts/InternalAccount:1'
const OPERATIONS: Operation[] = [
  {
    name: 'export',
    request: (v) => ({ method: 'POST', path: `${ACCOUNT}/export`, body: { clientPublicKey: v.key } }),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_EXPORT_WALLET',
      parameters: { targetPublicKey: v.key, walletId: v.id },
    }),
    bound: [['targetPublicKey']],
  },
  {
    name: 'wallet settings',
    request: () => ({ method: 'PATCH', path: ACCOUNT, body: { privateEnabled: true } }),
    activity: (v) => ({ type: 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2', parameters: { payload: v.token } }),
    bound: [],
  },
  {
    name: 'email OTP add',
    request: () => ({
      method: 'POST',
      path: '/auth/credentials',
      body: { type: 'EMAIL_OTP', accountId: 'a' },
    }),
    expect: (v) => otpAddIntent('EMAIL_OTP', v.contact),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      parameters: { userEmail: v.contact, userId: 'u' },
    }),
    bound: [['userEmail']],
  },
  {
    name: 'SMS OTP add',
    request: () => ({ method: 'POST', path: '/auth/credentials', body: { type: 'SMS_OTP', accountId: 'a' } }),
    expect: (v) => otpAddIntent('SMS_OTP', v.contact),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
      parameters: { userId: 'u', userPhoneNumber: v.contact },
    }),
    bound: [['userPhoneNumber']],
  },
  {
    name: 'OAuth add',
    request: (v) => ({
      method: 'POST',
      path: '/auth/credentials',
      body: { type: 'OAUTH', oidcToken: v.token },
    }),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS',
      parameters: { oauthProviders: [{ oidcToken: v.token, providerName: 'google' }], userId: 'u' },
    }),
    bound: [['oauthProviders'], ['oauthProviders', 0, 'oidcToken']],
  },
  {
    name: 'passkey add',
    request: (v) => ({
      method: 'POST',
      path: '/auth/credentials',
      body: { type: 'PASSKEY', attestation: { credentialId: v.id, clientDataJson: 'c' } },
    }),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2',
      parameters: { authenticators: [{ attestation: { credentialId: v.id }, authenticatorName: 'n' }] },
    }),
    bound: [['authenticators'], ['authenticators', 0, 'attestation', 'credentialId']],
  },
  {
    name: 'passkey revoke',
    group: 'revoke',
    request: (v) => ({ method: 'DELETE', path: `/auth/credentials/${encodeURIComponent(v.id)}` }),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_DELETE_AUTHENTICATORS',
      parameters: { authenticatorIds: [v.id] },
    }),
    bound: [['authenticatorIds'], ['authenticatorIds', 0]],
  },
  {
    name: 'OAuth revoke',
    group: 'revoke',
    request: (v) => ({ method: 'DELETE', path: `/auth/credentials/${encodeURIComponent(v.id)}` }),
    activity: (v) => ({ type: 'ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS', parameters: { providerIds: [v.id] } }),
    bound: [['providerIds'], ['providerIds', 0]],
  },
  {
    // An OTP credential goes with its contact: its removal empties it, and only that.
    name: 'email OTP revoke',
    group: 'revoke',
    request: (v) => ({ method: 'DELETE', path: `/auth/credentials/${encodeURIComponent(v.id)}` }),
    activity: () => ({ type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL', parameters: { userEmail: '', userId: 'u' } }),
    bound: [['userEmail']],
  },
  {
    name: 'SMS OTP revoke',
    group: 'revoke',
    request: (v) => ({ method: 'DELETE', path: `/auth/credentials/${encodeURIComponent(v.id)}` }),
    activity: () => ({
      type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
      parameters: { userId: 'u', userPhoneNumber: '' },
    }),
    bound: [['userPhoneNumber']],
  },
  {
    name: 'session revoke',
    request: (v) => ({ method: 'DELETE', path: `/auth/sessions/${encodeURIComponent(v.id)}` }),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_DELETE_API_KEYS',
      parameters: { apiKeyIds: [v.id], userId: 'u' },
    }),
    bound: [['apiKeyIds'], ['apiKeyIds', 0]],
  },
  {
    name: 'refresh',
    request: (v) => ({ method: 'POST', path: '/auth/sessions/S/refresh', body: { clientPublicKey: v.key } }),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2',
      parameters: { targetPublicKey: v.key },
    }),
    bound: [['targetPublicKey']],
  },
  {
    name: 'email change',
    request: (v) => ({
      method: 'PATCH',
      path: '/customers/C',
      body: { customerType: 'INDIVIDUAL', email: v.contact },
    }),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_UPDATE_USER_EMAIL',
      parameters: { userEmail: v.contact, userId: 'u' },
    }),
    bound: [['userEmail']],
  },
  {
    name: 'phone change',
    request: (v) => ({
      method: 'PATCH',
      path: '/customers/C',
      body: { customerType: 'INDIVIDUAL', phoneNumber: v.contact },
    }),
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER',
      parameters: { userId: 'u', userPhoneNumber: v.contact },
    }),
    bound: [['userPhoneNumber']],
  },
  {
    name: 'delegated key, first leg',
    flow: 'delegated key',
    request: () => ({ method: 'POST', path: '/auth/delegated-keys', body: KEY_BODY, leg: 0 }),
    activity: firstKeyLeg,
    bound: [
      ['cardId'],
      ['internalAccountId'],
      ['users'],
      ['users', 0, 'apiKeys'],
      ['users', 0, 'apiKeys', 0, 'apiKeyName'],
      ['users', 0, 'apiKeys', 0, 'curveType'],
    ],
    changedTo: ANOTHER_VALUE,
  },
  {
    name: 'delegated key, second leg',
    flow: 'delegated key',
    request: () => ({ method: 'POST', path: '/auth/delegated-keys', body: KEY_BODY, leg: 1 }),
    signed: (v) => [readActivity(payload('o', firstKeyLeg(v)))],
    activity: (v) => ({
      type: 'ACTIVITY_TYPE_CREATE_POLICIES',
      parameters: {
        cardId: KEY_BODY.cardId,
        internalAccountId: KEY_BODY.internalAccountId,
        policies: [
          {
            consensus: `approvers.any(user, user.id == 'signer-${v.id}')`,
            effect: 'EFFECT_ALLOW',
            policyName: 'delegated signing',
          },
        ],
      },
    }),
    bound: [
      ['cardId'],
      ['internalAccountId'],
      ['policies'],
      ['policies', 0, 'consensus'],
      ['policies', 0, 'effect'],
    ],
    changedTo: ANOTHER_VALUE,
  },
]

/** Every activity type an operation of the client is answered with: what an attacker swaps in. */
const REAL_TYPES = [
  ...new Set(
    OPERATIONS.map((operation) => operation.activity({ id: 'i', key: 'k', token: 't', contact: 'c' }).type),
  ),
  'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
]

/** Every signed flow, its legs in order: the delegated key's two, and each other operation alone. */
const FLOWS: Operation[][] = [
  ...OPERATIONS.reduce((flows, operation) => {
    const name = operation.flow ?? operation.name
    flows.set(name, [...(flows.get(name) ?? []), operation])
    return flows
  }, new Map<string, Operation[]>()).values(),
]

// The quote's payload is held to its type, the organization and the wallet (quoteMethods).
const QUOTE_EXECUTE: ActivityExpectation[] = [
  {
    type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
    parameters: { signWith: (value) => typeof value === 'string' },
  },
]

const nonEmpty = fc.string({ minLength: 1, maxLength: 40 })
const values: fc.Arbitrary<Values> = fc.record({
  id: nonEmpty,
  key: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 2, maxLength: 130 }),
  token: nonEmpty,
  contact: nonEmpty,
})
const organization = fc.string({ minLength: 1, maxLength: 30 })

const payload = (organizationId: string, activity: { type: string; parameters: unknown }) =>
  JSON.stringify({
    organizationId,
    parameters: activity.parameters,
    timestampMs: '1775681700000',
    type: activity.type,
  })

function expectationsOf(operation: Operation, v: Values, organizationId: string): ActivityExpectation[] {
  const { method, path, body, leg = 0 } = operation.request(v)
  const signed = operation.signed?.(v) ?? []
  const expected = operation.expect?.(v) ?? requestIntent({ method, path, body, leg, signed })
  return expected.map((e) => ({ ...e, organizationId }))
}

/** The activities the legs of `flow` before `leg` signed, as the client read them. */
const signedBefore = (flow: readonly Operation[], leg: number, v: Values) =>
  flow.slice(0, leg).map((operation) => readActivity(payload('o', operation.activity(v))))

/**
 * What the client expects of a payload when `flow`'s request is at `leg`, one past its last leg
 * included (where nothing may be signed).
 */
function expectationsAtLeg(
  flow: readonly Operation[],
  leg: number,
  v: Values,
  organizationId: string,
): ActivityExpectation[] {
  const own = flow[leg]
  const { method, path, body } = (own ?? (flow[0] as Operation)).request(v)
  const signed = signedBefore(flow, leg, v)
  const expected = own?.expect?.(v) ?? requestIntent({ method, path, body, leg, signed })
  return expected.map((e) => ({ ...e, organizationId }))
}

type Activity = ReturnType<Operation['activity']>

/** One leg of a flow asked, one activity presented to it, and whether the client must accept it. */
interface Presented {
  flow: readonly Operation[]
  leg: number
  activity: Activity
  accepted: boolean
  label: string
}

/**
 * Every real activity presented to every leg of every flow, and one past its last: at a leg, its own
 * activity with the user's values `v` (accepted); another leg of its flow with the user's values
 * (a leg replayed in another's place); every other operation's activity with the attacker's values
 * `w` (operations of the leg's group aside: the request names any of them); and the leg's own
 * parameters under every other real type. Past the last leg, every activity with either values.
 */
function everyPresentation(v: Values, w: Values): Presented[] {
  const cases: Presented[] = []
  for (const flow of FLOWS) {
    for (let leg = 0; leg <= flow.length; leg++) {
      const own = flow[leg]
      const asked = `${flow[0]?.flow ?? flow[0]?.name} at leg ${leg}`
      const present = (activity: Activity, accepted: boolean, what: string) =>
        cases.push({ flow, leg, activity, accepted, label: `${asked} <- ${what}` })
      for (const presented of OPERATIONS) {
        if (own === undefined) {
          present(presented.activity(v), false, `${presented.name} (the user's values)`)
          present(presented.activity(w), false, `${presented.name} (other values)`)
        } else if (presented === own) present(own.activity(v), true, 'its own activity')
        else if (flow.includes(presented)) present(presented.activity(v), false, presented.name)
        else if (own.group === undefined || presented.group !== own.group) {
          present(presented.activity(w), false, presented.name)
        }
      }
      if (own === undefined) continue
      const honest = own.activity(v)
      for (const type of REAL_TYPES) {
        if (type !== honest.type) present({ ...honest, type }, false, `its parameters as ${type}`)
      }
    }
  }
  return cases
}

/** `value` with the member at `path` set to `next` (`undefined` removes it). */
function edited(value: unknown, path: Path, next: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let parent: Record<string | number, unknown> = copy
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>
  const last = path[path.length - 1] as string | number
  if (next === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(last), 1)
    else delete parent[last]
  } else parent[last] = next
  return copy
}

/** Paths of every object in `value`, itself included. */
function objectPaths(value: unknown, path: Path = []): Path[] {
  if (value === null || typeof value !== 'object') return []
  const children = Object.entries(value).flatMap(([key, child]) =>
    objectPaths(child, [...path, Array.isArray(value) ? Number(key) : key]),
  )
  return Array.isArray(value) ? children : [path, ...children]
}

/** A member name as JSON, each character `\u`-escaped when `escaped`. */
const nameText = (name: string, escaped: boolean) =>
  escaped
    ? `"${[...name].map((char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`).join('')}"`
    : JSON.stringify(name)

/** `value` as JSON, the object at `at` carrying `member` twice: `other` before or after its own. */
function withRepeatedMember(
  value: unknown,
  at: Path,
  repeat: { member: string; other: unknown; escaped: boolean; first: boolean },
): string {
  const write = (node: unknown, path: Path): string => {
    if (Array.isArray(node)) return `[${node.map((item, i) => write(item, [...path, i])).join(',')}]`
    if (node === null || typeof node !== 'object') return JSON.stringify(node)
    const members = Object.entries(node).map(
      ([key, child]) => `${JSON.stringify(key)}:${write(child, [...path, key])}`,
    )
    if (JSON.stringify(path) === JSON.stringify(at)) {
      const extra = `${nameText(repeat.member, repeat.escaped)}:${JSON.stringify(repeat.other)}`
      if (repeat.first) members.unshift(extra)
      else members.push(extra)
    }
    return `{${members.join(',')}}`
  }
  return write(value, [])
}

const read = (value: unknown, path: Path) =>
  path.reduce<unknown>((at, key) => (at as Record<string | number, unknown> | undefined)?.[key], value)

afterAll(() =>
  tally.record({
    name: 'Intent checks: one change to a payload is refused',
    tried:
      'For every signed operation of the client (export, settings, credential adds and revokes, OTP ones ' +
      'included, session revoke and refresh, email and phone changes, both delegated-key legs, the quote ' +
      'execution) with generated ids, keys, tokens, contacts and organizations: the honest activity, then ' +
      'one change of its type (to any string or a real activity type), its organization or one bound ' +
      'parameter (another value of any kind, or removed); every leg of every flow, and one past its ' +
      "last, against every real operation's activity and every real type (enumerated whole); a member " +
      'repeated at any depth, escaped or not; the OTP verification token with another key; hostile ' +
      'payloads into checkPayload. Fixed seed.',
    covered: ['checkPayload (readActivity)', 'requestIntent', 'checkVerificationToken'],
  }),
)

describe('intent checks', () => {
  it('accept the payload each operation is answered with', async () => {
    await tally.check(
      'the honest payload of every operation is accepted',
      fc.property(fc.constantFrom(...OPERATIONS), values, organization, (operation, v, org) => {
        checkPayload(payload(org, operation.activity(v)), expectationsOf(operation, v, org))
      }),
      300,
    )
  })

  it('refuse any other type (the real ones are enumerated below, at every leg)', async () => {
    await tally.check(
      'another type is refused',
      fc.property(
        fc.constantFrom(...OPERATIONS),
        values,
        organization,
        hostileString,
        (operation, v, org, type) => {
          const honest = operation.activity(v)
          fc.pre(type !== honest.type)
          const settled = settleSync(() =>
            checkPayload(payload(org, { ...honest, type }), expectationsOf(operation, v, org)),
          )
          expect(mismatched(settled)).toBe(true)
        },
      ),
      500,
    )
  })

  it('refuse any other organization', async () => {
    await tally.check(
      'another organization is refused',
      fc.property(
        fc.constantFrom(...OPERATIONS),
        values,
        organization,
        hostileString,
        (operation, v, org, other) => {
          fc.pre(other !== org)
          const settled = settleSync(() =>
            checkPayload(payload(other, operation.activity(v)), expectationsOf(operation, v, org)),
          )
          expect(mismatched(settled)).toBe(true)
        },
      ),
      500,
    )
    await tally.check(
      "another organization is refused on the quote's payload",
      fc.property(organization, hostileString, (org, other) => {
        fc.pre(other !== org)
        const activity = {
          type: 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2',
          parameters: { signWith: 'wallet_1', unsignedTransaction: 'ab' },
        }
        const expectations = QUOTE_EXECUTE.map((e) => ({ ...e, organizationId: org }))
        expect(() => checkPayload(payload(org, activity), expectations)).not.toThrow()
        expect(mismatched(settleSync(() => checkPayload(payload(other, activity), expectations)))).toBe(true)
      }),
      200,
    )
  })

  it('refuse any change of one bound parameter', async () => {
    const bound = OPERATIONS.flatMap((operation) => operation.bound.map((path) => ({ operation, path })))
    await tally.check(
      'one changed or removed bound parameter is refused',
      fc.property(
        fc
          .constantFrom(...bound)
          .chain((target) =>
            fc.tuple(
              fc.constant(target),
              target.operation.changedTo ?? fc.option(anyValue, { nil: undefined }),
            ),
          ),
        values,
        organization,
        ([{ operation, path }, next], v, org) => {
          const honest = operation.activity(v)
          fc.pre(JSON.stringify(next) !== JSON.stringify(read(honest.parameters, path)))
          const parameters = JSON.parse(JSON.stringify(edited(honest.parameters, path, next)))
          fc.pre(JSON.stringify(parameters) !== JSON.stringify(honest.parameters))
          const settled = settleSync(() =>
            checkPayload(payload(org, { ...honest, parameters }), expectationsOf(operation, v, org)),
          )
          expect(mismatched(settled)).toBe(true)
        },
      ),
      1000,
    )
  })

  it('refuse a bound list with one more element (another credential, key or provider smuggled in)', async () => {
    const lists = OPERATIONS.flatMap((operation) =>
      operation.bound
        .filter((path) =>
          Array.isArray(
            read(operation.activity({ id: 'i', key: 'k', token: 't', contact: 'c' }).parameters, path),
          ),
        )
        .map((path) => ({ operation, path })),
    )
    expect(lists.length).toBeGreaterThan(0)
    await tally.check(
      'one more element in a bound list is refused',
      fc.property(
        fc.constantFrom(...lists),
        values,
        organization,
        fc.oneof(anyValue, fc.constant('copy')),
        fc.nat(),
        ({ operation, path }, v, org, extra, at) => {
          const honest = operation.activity(v)
          const list = read(honest.parameters, path) as unknown[]
          const items = [...list]
          items.splice(at % (list.length + 1), 0, extra === 'copy' ? structuredClone(list[0]) : extra)
          const parameters = JSON.parse(JSON.stringify(edited(honest.parameters, path, items)))
          const settled = settleSync(() =>
            checkPayload(payload(org, { ...honest, parameters }), expectationsOf(operation, v, org)),
          )
          expect(mismatched(settled)).toBe(true)
        },
      ),
      500,
    )
  })

  it('refuse, at every leg of every flow, every real activity but its own (every pair, not a sample)', async () => {
    let checked = 0
    fc.assert(
      fc.property(values, values, organization, (v, w, org) => {
        // Values an attacker chose: none equal to the user's (an email in another case is the same).
        fc.pre(v.id !== w.id && v.key !== w.key && v.token !== w.token)
        fc.pre(v.contact.toLowerCase() !== w.contact.toLowerCase())
        const wrong: string[] = []
        for (const { flow, leg, activity, accepted, label } of everyPresentation(v, w)) {
          const settled = settleSync(() =>
            checkPayload(payload(org, activity), expectationsAtLeg(flow, leg, v, org)),
          )
          if (accepted ? !settled.ok : !mismatched(settled))
            wrong.push(`${label}: ${accepted ? 'refused' : 'accepted'}`)
          checked++
        }
        expect(wrong).toEqual([])
      }),
      // Few runs: each one is the whole space (about 700 checks); the values only vary around it.
      { numRuns: 8 },
    )
    // Every flow at each leg and one past, against every operation's activity and every real type.
    const legs = FLOWS.reduce((sum, flow) => sum + flow.length + 1, 0)
    expect(legs).toBe(OPERATIONS.length + FLOWS.length)
    tally.enumerated(
      "every real activity and type at every leg of every flow is refused but the leg's own",
      checked,
    )
  })

  it('refuse a member repeated at any depth, escaped or not, before or after its own', async () => {
    const repeated = fc.constantFrom(...OPERATIONS).chain((operation) =>
      fc.tuple(fc.constant(operation), values, organization).chain(([op, v, org]) => {
        const document = JSON.parse(payload(org, op.activity(v)))
        return fc.tuple(
          fc.constant({ op, v, org, document }),
          fc.constantFrom(...objectPaths(document)).chain((at) => {
            const members = Object.keys(read(document, at) as object)
            return fc.tuple(
              fc.constant(at),
              members.length > 0 ? fc.constantFrom(...members) : fc.constant('type'),
              fc.jsonValue({ maxDepth: 2 }),
              fc.boolean(),
              fc.boolean(),
            )
          }),
        )
      }),
    )
    await tally.check(
      'a repeated member is refused',
      fc.property(repeated, ([{ op, v, org, document }, [at, member, other, escaped, first]]) => {
        fc.pre(Object.keys(read(document, at) as object).includes(member))
        const text = withRepeatedMember(document, at, { member, other, escaped, first })
        const settled = settleSync(() => checkPayload(text, expectationsOf(op, v, org)))
        expect(mismatched(settled)).toBe(true)
        expect(settled.ok ? undefined : (settled.error as WalletAuthError).details?.repeated).toBe(member)
      }),
      1000,
    )
  })

  it("refuse an OTP verification token naming another key than the sign-in's", async () => {
    const tek = (await generateSessionKey()).publicKey
    const token = (claims: unknown) =>
      `${bytesToBase64Url(utf8('{"alg":"none"}'))}.${bytesToBase64Url(utf8(JSON.stringify(claims)))}.c2ln`
    expect(() =>
      checkVerificationToken(token({ publicKey: tek }), { tekPublicKey: tek, leg: 0 }),
    ).not.toThrow()
    await tally.check(
      'a verification token of another key, or any other payload, is refused',
      fc.property(
        fc.oneof(
          hostileString,
          hostileString.map((key) => token({ publicKey: key })),
        ),
        (other) => {
          fc.pre(other !== token({ publicKey: tek }))
          const settled = settleSync(() => checkVerificationToken(other, { tekPublicKey: tek, leg: 0 }))
          expect(mismatched(settled)).toBe(true)
        },
      ),
      300,
    )
    expect(
      mismatched(
        settleSync(() => checkVerificationToken(token({ publicKey: tek }), { tekPublicKey: tek, leg: 1 })),
      ),
    ).toBe(true)
  })

  it('throw only PAYLOAD_MISMATCH on any payload', async () => {
    await tally.check(
      'checkPayload refuses hostile payloads with PAYLOAD_MISMATCH only',
      fc.property(
        fc.oneof(
          hostileString,
          anyValue.map((value) => JSON.stringify(value) ?? ''),
        ),
        fc.constantFrom(...OPERATIONS),
        values,
        (text, operation, v) => {
          fc.pre(text !== payload('o', operation.activity(v)))
          const settled = settleSync(() => checkPayload(text, expectationsOf(operation, v, 'o')))
          expect(settled.ok || refusedWith(settled, 'PAYLOAD_MISMATCH')).toBe(true)
        },
      ),
      500,
    )
  })
})
