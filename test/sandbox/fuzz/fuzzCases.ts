// The fuzzer's cases: fast-check arbitraries of hostile requests, made from the routes and the ids
// of a world, one category per kind of hostility the issue lists.

import fc from 'fast-check'
import {
  FUZZ_ROUTES,
  type FuzzRoute,
  fillBody,
  fillPath,
  type RouteGroup,
  rolesOf,
  SIGNED_ROUTES,
} from './fuzzRoutes.js'
import type { FuzzWorld, IdRole } from './fuzzWorld.js'

export const FUZZ_CATEGORIES = [
  'malformed JSON',
  'wrong types',
  'huge bodies',
  'unknown ids',
  'bad auth',
  'replayed Request-Id',
  'foreign Request-Id',
  'foreign stamps',
  'garbage signatures',
  'wrong methods',
  'odd paths and queries',
] as const
export type FuzzCategory = (typeof FUZZ_CATEGORIES)[number]

/** Whose stamp a case carries: a protected customer's session key, A's revoked one, a key that never had a session, or garbage. */
export type StampSigner = 'a' | 'b' | 'revoked' | 'stranger' | { garbage: string }

/** What a case's stamp covers. */
export type StampedPayload =
  /** The payloadToSign of the 202 the case's first step got. */
  | 'retry'
  /** That payload with a space added: a signature over something else. */
  | 'retry, other payload'
  /** A 202 of B's that the setup left unused. */
  | { foreign: number }
  /** A 202 the setup used up in a signed retry. */
  | { used: number }
  /** The payloadToSign of A's quote (execute checks the header alone). */
  | 'quote'

/** One generated request (two for `twoStep`), with the statuses it may get when the category fixes them. */
export interface FuzzCase {
  category: FuzzCategory
  group: RouteGroup
  /** `METHOD /template` of the route it came from. */
  route: string
  method: string
  /** Under the base URL, query included; may be odd on purpose. */
  path: string
  /** `undefined`: no Authorization; a string: that value; `true`: the right credentials. */
  authorization: string | true | undefined
  headers: Record<string, string>
  body?: string | Uint8Array
  /** Over HTTP: send the body as a stream (chunked, no Content-Length). */
  chunked?: boolean
  /** A Service-Wallet-Signature made at send time (garbage as it is). */
  stamp?: { signer: StampSigner; over: StampedPayload }
  /**
   * First send the request unsigned; on a 202, send it again with the 202's Request-Id and
   * `stamp` (with `changedBody`, a body that differs from the first one's).
   */
  twoStep?: { changedBody: boolean }
  /** Statuses this case may get; absent: anything but a 5xx. */
  expect?: number[]
  /** Statuses it must not get. */
  refuse?: number[]
  expectCode?: string
}

const LIMIT = 64 * 1024
const CLIENT_ERRORS = Array.from({ length: 100 }, (_, index) => 400 + index)
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD', 'PURGE', 'FUZZ']
const ID_PREFIX: Record<IdRole, string> = {
  customer: 'Customer',
  account: 'InternalAccount',
  credential: 'AuthMethod',
  session: 'Session',
  quote: 'Quote',
  transaction: 'Transaction',
  externalAccount: 'ExternalAccount',
  verification: 'Verification',
}

const ascii = (maxLength: number) => fc.string({ unit: 'grapheme-ascii', maxLength })
const base64Url = (text: string | Uint8Array) =>
  Buffer.from(typeof text === 'string' ? new TextEncoder().encode(text) : text).toString('base64url')
const hex = (length: number) =>
  fc.uint8Array({ minLength: length, maxLength: length }).map((bytes) => Buffer.from(bytes).toString('hex'))

function routeLabel(route: { method: string; path: string }): string {
  return `${route.method} ${route.path.split('?')[0]}`
}

/** Picks known ids of each role by `choices` (indexes into the role's pool), in turn. */
function knownPick(world: FuzzWorld, choices: number[]) {
  let index = 0
  return (role: IdRole) => {
    const pool = world.ids[role]
    return pool[(choices[index++ % choices.length] ?? 0) % pool.length] as string
  }
}

const routeArb = fc.constantFrom(...FUZZ_ROUTES)
const bodyRouteArb = fc.constantFrom(...FUZZ_ROUTES.filter((route) => route.method !== 'GET'))
const choicesArb = fc.array(fc.nat(7), { minLength: 3, maxLength: 3 })

/** A route filled with known ids: method, path, body (JSON text, or none). */
function concrete(world: FuzzWorld, route: FuzzRoute, choices: number[]) {
  const pick = knownPick(world, choices)
  const body = route.body ? fillBody(route.body(world), pick) : undefined
  return { path: fillPath(route.path, pick), body }
}

function base(category: FuzzCategory, route: { group: RouteGroup; method: string; path: string }) {
  return {
    category,
    group: route.group,
    route: routeLabel(route),
    method: route.method,
    authorization: true as const,
    headers: { 'Content-Type': 'application/json' } as Record<string, string>,
  }
}

/** Garbage in place of a JSON value: other types, extremes, nesting, prototype keys. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 1e308, -1e308, 2 ** 53 + 1, '', ' ', '0', '[]', '{}'),
  ascii(40),
  fc.string({ maxLength: 40 }),
  fc
    .array(fc.anything({ maxDepth: 2, withNullPrototype: false }), { maxLength: 4 })
    .map((value) => JSON.parse(JSON.stringify(value) ?? 'null')),
)

function mutateObject(value: unknown): fc.Arbitrary<string> {
  const object = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>
  const keys = Object.keys(object)
  const replaceKey =
    keys.length === 0
      ? fc.constant(JSON.stringify(object))
      : fc
          .tuple(fc.constantFrom(...keys), wrongValue)
          .map(([key, wrong]) => JSON.stringify({ ...object, [key]: wrong }))
  const dropKey =
    keys.length === 0
      ? fc.constant('{}')
      : fc.constantFrom(...keys).map((key) => {
          const { [key]: _dropped, ...rest } = object
          return JSON.stringify(rest)
        })
  const deep = fc.integer({ min: 10, max: 30_000 }).chain((depth) =>
    fc.constantFrom('[', '{"a":').map((open) => {
      const close = open === '[' ? ']' : '}'
      const inner = `${open.repeat(depth)}1${close.repeat(depth)}`
      const text = JSON.stringify(object)
      return text === '{}' ? `{"deep":${inner}}` : `${text.slice(0, -1)},"deep":${inner}}`
    }),
  )
  const prototypeKeys = fc
    .constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf')
    .chain((key) =>
      wrongValue.map(
        (wrong) =>
          `${JSON.stringify(object).slice(0, -1)}${keys.length ? ',' : ''}"${key}":${JSON.stringify(wrong) ?? 'null'}}`,
      ),
    )
  const notAnObject = wrongValue.map((wrong) => JSON.stringify(wrong) ?? 'null')
  return fc.oneof(replaceKey, replaceKey, dropKey, deep, prototypeKeys, notAnObject)
}

const malformedText = (valid: string): fc.Arbitrary<string | Uint8Array> =>
  fc.oneof(
    fc.integer({ min: 0, max: Math.max(0, valid.length - 1) }).map((cut) => valid.slice(0, cut) || '{'),
    fc.string({ maxLength: 200 }),
    ascii(200),
    fc.constantFrom(
      '{"a":1,}',
      "{'a':1}",
      '{a:1}',
      '{"a":NaN}',
      '{"a":Infinity}',
      '// comment\n{}',
      '\uFEFF{}',
      '{"a":"\\ud800"}',
      '{"a":"\\u12"}',
      '{"a":1}{"b":2}',
      '[1,2',
      'null null',
      '\u0000',
      '{"a":01}',
      '"unterminated',
    ),
    fc
      .uint8Array({ minLength: 1, maxLength: 64 })
      .map((bytes) => Uint8Array.from([0xff, 0xc3, 0x28, ...bytes])),
    fc.constant(`${valid.slice(0, -1)},"x":${valid.slice(0, -1)}`),
  )

function padTo(valid: string, size: number): string {
  const pad = size - valid.length - 9
  if (pad < 0) return 'x'.repeat(size)
  return valid === '{}'
    ? `{"pad":"${'x'.repeat(pad + 1)}"}`
    : `${valid.slice(0, -1)},"pad":"${'x'.repeat(pad)}"}`
}

/** Values of Service-Wallet-Signature that are not a valid stamp of anyone (never the legacy value). */
function garbageSignature(world: FuzzWorld): fc.Arbitrary<string> {
  const stampJson = (fields: Record<string, unknown>) => base64Url(JSON.stringify(fields))
  const scheme = 'SIGNATURE_SCHEME_TK_API_P256'
  return fc.oneof(
    ascii(120),
    fc.uint8Array({ maxLength: 200 }).map(base64Url),
    fc.jsonValue({ maxDepth: 2 }).map((value) => base64Url(JSON.stringify(value) ?? 'null')),
    hex(70).map((signature) => stampJson({ publicKey: world.a.key.publicKey, scheme, signature })),
    fc
      .tuple(fc.constantFrom('02', '03', '04', '05', ''), hex(32), hex(70))
      .map(([prefix, x, signature]) => stampJson({ publicKey: prefix + x, scheme, signature })),
    fc.constantFrom(
      stampJson({ publicKey: `02${'ff'.repeat(32)}`, scheme, signature: `3006020101020101` }),
      stampJson({
        publicKey: world.a.key.publicKey,
        scheme: 'SIGNATURE_SCHEME_OTHER',
        signature: '3006020101020101',
      }),
      stampJson({ publicKey: world.a.key.publicKey, scheme, signature: `30${'ff'.repeat(70)}` }),
      stampJson({ publicKey: world.a.key.publicKey, scheme, signature: '' }),
      stampJson({ publicKey: 1, scheme, signature: 2 }),
      stampJson({
        publicKey: world.a.key.publicKey,
        scheme,
        signature: `3044022000${'00'.repeat(31)}022000${'00'.repeat(31)}`,
      }),
      'SANDBOX-VALID-SIGNATURE',
      '',
      '=',
      'a'.repeat(6000),
    ),
  )
}

/** Signers whose stamp must not pass for `target`: the other customer, revoked, stranger, garbage. */
const wrongSignerArb = (world: FuzzWorld, target: 'a' | 'b'): fc.Arbitrary<StampSigner> =>
  fc.oneof(
    fc.constant<StampSigner>(target === 'a' ? 'b' : 'a'),
    fc.constant<StampSigner>('revoked'),
    fc.constant<StampSigner>('stranger'),
    garbageSignature(world).map((garbage): StampSigner => ({ garbage })),
  )

const signedRouteArb = fc.constantFrom(...SIGNED_ROUTES)
const targetArb = fc.constantFrom<'a' | 'b'>('a', 'b')

function signedCase(
  world: FuzzWorld,
  category: FuzzCategory,
  route: (typeof SIGNED_ROUTES)[number],
  target: 'a' | 'b',
) {
  const { path, body } = route.request(world, target)
  return {
    ...base(category, { group: route.group, method: route.method, path }),
    path,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    expect: [401],
  }
}

/** A case of each category, from the world's routes and ids. */
export function fuzzCaseArb(world: FuzzWorld): fc.Arbitrary<FuzzCase> {
  const malformed = fc.tuple(bodyRouteArb, choicesArb).chain(([route, choices]) => {
    const { path, body } = concrete(world, route, choices)
    return malformedText(JSON.stringify(body ?? {})).map((text) => ({
      ...base('malformed JSON', route),
      path,
      body: text,
    }))
  })

  const wrongTypes = fc.tuple(routeArb, choicesArb).chain(([route, choices]) => {
    const { path, body } = concrete(world, route, choices)
    if (route.method === 'GET') {
      // No body on a GET: its query takes the wrong types.
      return fc
        .tuple(fc.constantFrom('accountId', 'customerId', 'quoteId', 'type'), wrongValue)
        .map(([key, wrong]) => ({
          ...base('wrong types', route),
          path: `${path}${path.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(JSON.stringify(wrong) ?? '')}`,
        }))
    }
    return mutateObject(body).map((text) => ({ ...base('wrong types', route), path, body: text }))
  })

  const huge = fc
    .tuple(
      bodyRouteArb,
      choicesArb,
      fc.boolean(),
      fc.nat(2000),
      fc.integer({ min: 1, max: 200_000 }),
      fc.boolean(),
      fc.boolean(),
    )
    .map(([route, choices, over, under, above, garbage, chunked]): FuzzCase => {
      const { path, body } = concrete(world, route, choices)
      const size = over ? LIMIT + above : LIMIT - under
      const text = garbage ? 'z'.repeat(size) : padTo(JSON.stringify(body ?? {}), size)
      return {
        ...base('huge bodies', route),
        path,
        body: text,
        chunked,
        ...(over ? { expect: [413], expectCode: 'PAYLOAD_TOO_LARGE' } : { refuse: [413] }),
      }
    })

  const unknownId = (role: IdRole) =>
    fc.oneof(
      fc.uuid().map((uuid) => `${ID_PREFIX[role]}:${uuid}`),
      fc.uuid(),
      // A real id of another kind: a customer's where an account's goes.
      fc.constantFrom(...Object.entries(world.ids).flatMap(([other, ids]) => (other === role ? [] : ids))),
      fc.constantFrom(
        `${ID_PREFIX[role]}:`,
        `${ID_PREFIX[role]}:${'9'.repeat(1000)}`,
        'null',
        'undefined',
        '0',
        '-1',
      ),
      fc.string({ minLength: 1, maxLength: 40 }),
    )
  const unknownIds = routeArb.chain((route) => {
    const roles = rolesOf(route, world)
    return fc
      .tuple(...(roles.length ? roles : ['customer' as IdRole]).map((role) => unknownId(role)))
      .map((ids): FuzzCase => {
        let index = 0
        const pick = () => ids[index++ % ids.length] as string
        // In the order `rolesOf` found them: path first, then body.
        const path = fillPath(route.path, pick)
        const body = route.body ? fillBody(route.body(world), pick) : undefined
        // An unknown id in the path or body is a 4xx; in a list's query it may just filter to nothing.
        const refused = rolesOf({ ...route, path: route.path.split('?')[0] ?? '' }, world).length > 0
        return {
          ...base('unknown ids', route),
          path: roles.length ? path : `${path}?customerId=${encodeURIComponent(ids[0] as string)}`,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          ...(refused ? { expect: CLIENT_ERRORS } : {}),
        }
      })
  })

  const badAuthValue = fc.oneof(
    fc.constant(undefined),
    fc.constant(''),
    ascii(60).map((text) => `Basic ${base64Url(text)}`),
    ascii(60).map((text) => `Basic ${text}`),
    ascii(60).map((text) => `Bearer ${text}`),
    fc.constantFrom(
      'Basic',
      'Basic ',
      'Basic ====',
      `Basic ${btoa(`${world.h.sandbox.clientId}:`)}`,
      `Basic ${btoa(`${world.h.sandbox.clientId}:wrong`)}`,
      `Basic ${btoa(`:${world.h.sandbox.clientSecret}`)}`,
      `basic ${btoa(`${world.h.sandbox.clientId}:${world.h.sandbox.clientSecret}`)}`,
      `Basic ${btoa(`${world.h.sandbox.clientId}:${world.h.sandbox.clientSecret}`)}x`,
      `Basic ${btoa(`${world.h.sandbox.clientId}:${world.h.sandbox.clientSecret}`)} Basic x`,
      `Basic ${'A'.repeat(6000)}`,
    ),
  )
  const badAuth = fc
    // Methods Node's parser knows: it refuses the others (400) before any credentials are read.
    .tuple(
      routeArb,
      choicesArb,
      badAuthValue,
      fc.constantFrom(...METHODS.filter((method) => method !== 'FUZZ')),
    )
    .map(([route, choices, authorization, method]): FuzzCase => {
      const { path, body } = concrete(world, route, choices)
      const sendsBody = body !== undefined && method !== 'GET' && method !== 'HEAD'
      return {
        ...base('bad auth', route),
        method: route.method === 'GET' ? route.method : method,
        path,
        authorization,
        ...(sendsBody && route.method !== 'GET' ? { body: JSON.stringify(body) } : {}),
        expect: [401],
        expectCode: 'UNAUTHORIZED',
      }
    })

  const usedArb = fc.nat(world.usedChallenges.length - 1)
  const replayed = fc.oneof(
    // The very signed retry the setup sent, again: same path, body, Request-Id and stamp.
    usedArb.map((index): FuzzCase => {
      const used = world.usedChallenges[index]
      if (!used) throw new Error('no used challenge')
      return {
        ...base('replayed Request-Id', { group: 'internal accounts', method: 'PATCH', path: used.path }),
        path: used.path,
        body: used.body,
        headers: { 'Content-Type': 'application/json', 'Request-Id': used.requestId },
        stamp: { signer: used.signer, over: { used: index } },
        expect: [401],
      }
    }),
    // A used Request-Id on a signed route, with or without its old stamp.
    fc
      .tuple(signedRouteArb, targetArb, usedArb, fc.boolean())
      .map(([route, target, index, signed]): FuzzCase => {
        const used = world.usedChallenges[index]
        return {
          ...signedCase(world, 'replayed Request-Id', route, target),
          headers: { 'Content-Type': 'application/json', 'Request-Id': used?.requestId ?? '' },
          ...(signed && used ? { stamp: { signer: used.signer, over: { used: index } } } : {}),
        }
      }),
    // A used Request-Id and its stamp on any route.
    fc.tuple(routeArb, choicesArb, usedArb).map(([route, choices, index]): FuzzCase => {
      const { path, body } = concrete(world, route, choices)
      const used = world.usedChallenges[index]
      return {
        ...base('replayed Request-Id', route),
        path,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        headers: { 'Content-Type': 'application/json', 'Request-Id': used?.requestId ?? '' },
        ...(used ? { stamp: { signer: used.signer, over: { used: index } } } : {}),
      }
    }),
  )

  // B's unused 202s sent with requests about A, stamped over B's payload by anyone (B included).
  const foreign = fc
    .tuple(
      signedRouteArb,
      fc.nat(world.foreignChallenges.length - 1),
      fc.oneof(fc.constant<StampSigner>('a'), wrongSignerArb(world, 'a')),
      fc.boolean(),
    )
    .map(
      ([route, index, signer, signed]): FuzzCase => ({
        ...signedCase(world, 'foreign Request-Id', route, 'a'),
        headers: {
          'Content-Type': 'application/json',
          'Request-Id': world.foreignChallenges[index]?.requestId ?? '',
        },
        ...(signed ? { stamp: { signer, over: { foreign: index } } } : {}),
      }),
    )

  const twoStepRoutes = SIGNED_ROUTES.filter((route) => route.twoStep)
  const stamps = fc.oneof(
    // The 202 of a request about the target, signed by someone else.
    fc.tuple(fc.constantFrom(...twoStepRoutes), targetArb).chain(([route, target]) =>
      wrongSignerArb(world, target).map(
        (signer): FuzzCase => ({
          ...signedCase(world, 'foreign stamps', route, target),
          stamp: { signer, over: 'retry' },
          twoStep: { changedBody: false },
        }),
      ),
    ),
    // The target's own key, over another payload or with another body than the 202's.
    fc.tuple(fc.constantFrom(...twoStepRoutes), targetArb, fc.boolean()).map(
      ([route, target, changedBody]): FuzzCase => ({
        ...signedCase(world, 'foreign stamps', route, target),
        stamp: { signer: target, over: changedBody ? 'retry' : 'retry, other payload' },
        twoStep: { changedBody },
      }),
    ),
    // Execute of A's quote, stamped by someone else over the quote's payload.
    wrongSignerArb(world, 'a').map(
      (signer): FuzzCase => ({
        ...base('foreign stamps', { group: 'quotes', method: 'POST', path: '/quotes/{quote}/execute' }),
        path: `/quotes/${world.quote.id}/execute`,
        body: '{}',
        stamp: { signer, over: 'quote' },
        expect: [401],
      }),
    ),
  )

  const garbage = fc.oneof(
    fc.tuple(fc.constantFrom(...twoStepRoutes), targetArb, garbageSignature(world)).map(
      ([route, target, value]): FuzzCase => ({
        ...signedCase(world, 'garbage signatures', route, target),
        stamp: { signer: { garbage: value }, over: 'retry' },
        twoStep: { changedBody: false },
      }),
    ),
    fc
      .tuple(routeArb, choicesArb, garbageSignature(world), fc.option(fc.oneof(fc.uuid(), ascii(60))))
      .map(([route, choices, value, requestId]): FuzzCase => {
        const { path, body } = concrete(world, route, choices)
        return {
          ...base('garbage signatures', route),
          path,
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          headers: {
            'Content-Type': 'application/json',
            'Service-Wallet-Signature': value,
            ...(requestId === null ? {} : { 'Request-Id': requestId }),
          },
        }
      }),
  )

  const wrongMethods = fc.tuple(routeArb, choicesArb).chain(([route, choices]) =>
    fc.constantFrom(...METHODS.filter((method) => method !== route.method)).map((method): FuzzCase => {
      const { path, body } = concrete(world, route, choices)
      const sendsBody = method !== 'GET' && method !== 'HEAD'
      return {
        ...base('wrong methods', route),
        method,
        path,
        ...(sendsBody ? { body: JSON.stringify(body ?? {}) } : {}),
      }
    }),
  )

  const pathTweak = fc.oneof(
    fc.constant((path: string) => `${path.split('?')[0]}/`),
    fc.constant((path: string) => path.replace('/', '//')),
    fc.constant((path: string) => path.toUpperCase()),
    fc.constant((path: string) => `/..${path}`),
    fc.constant((path: string) => `/../2024-01-01${path}`),
    fc.constant((path: string) => `/./${path.slice(1)}`),
    fc
      .constantFrom(
        '%00',
        '%2F',
        '%2e%2e',
        '%ZZ',
        '%',
        '%E0%A4%A',
        '%C0%AF',
        'é',
        '😀',
        '%F0%9F%98',
        ';a=b',
        '\\..\\',
      )
      .map((junk) => (path: string) => {
        const [p, q] = path.split('?')
        const segments = (p ?? '').split('/')
        segments[segments.length - 1] = `${segments[segments.length - 1]}${junk}`
        return segments.join('/') + (q === undefined ? '' : `?${q}`)
      }),
    fc.nat(3000).map((length) => (path: string) => `${path.split('?')[0]}/${'a'.repeat(length)}`),
    fc
      .constantFrom(
        '?accountId=',
        '?accountId',
        '?accountId=%ZZ',
        '?accountId=a&accountId=b',
        '?customerId[]=1&customerId[]=2',
        '?=',
        '?&&&=&',
        '?type=%00',
        '?customerId=%E0%A4%A&quoteId=%',
        '?__proto__=1&constructor=2',
        `?accountId=${'x'.repeat(2000)}`,
      )
      .map((query) => (path: string) => `${path.split('?')[0]}${query}`),
    fc.tuple(fc.constantFrom('customerId', 'accountId', 'quoteId', 'type'), ascii(50)).map(
      ([key, value]) =>
        (path: string) =>
          `${path}${path.includes('?') ? '&' : '?'}${key}=${encodeURIComponent(value)}`,
    ),
  )
  const oddPaths = fc
    .tuple(routeArb, choicesArb, fc.array(pathTweak, { minLength: 1, maxLength: 3 }))
    .map(([route, choices, tweaks]): FuzzCase => {
      const { path, body } = concrete(world, route, choices)
      return {
        ...base('odd paths and queries', route),
        path: tweaks.reduce((current, tweak) => tweak(current), path),
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }
    })

  return fc.oneof(
    { arbitrary: malformed, weight: 10 },
    { arbitrary: wrongTypes, weight: 12 },
    { arbitrary: huge, weight: 6 },
    { arbitrary: unknownIds, weight: 10 },
    { arbitrary: badAuth, weight: 8 },
    { arbitrary: replayed, weight: 7 },
    { arbitrary: foreign, weight: 7 },
    { arbitrary: stamps, weight: 10 },
    { arbitrary: garbage, weight: 10 },
    { arbitrary: wrongMethods, weight: 10 },
    { arbitrary: oddPaths, weight: 10 },
  )
}
