// Sends fuzz cases and judges every answer: no 5xx, no hang, an Error object for every non-2xx,
// and the statuses a category fixes. Counts everything for the figures.

import type { SessionKey } from '../../../src/keys/sessionKey.js'
import { stamp, WALLET_SIGNATURE_HEADER } from '../../../src/stamp/stamp.js'
import { ErrorBody } from '../../../src/wire/errorBody.js'
import type { FuzzCase, StampSigner } from './fuzzCases.js'
import type { FuzzWorld } from './fuzzWorld.js'

/** What a run counted. */
export interface FuzzTally {
  requests: number
  cases: number
  byCategory: Record<string, number>
  byGroup: Record<string, number>
  byStatus: Record<string, number>
  fiveXx: number
  timeouts: number
  networkErrors: number
  invalidBodies: number
  unexpectedStatuses: number
  /** Failures, described (the first 20). */
  failures: string[]
  failureCount: number
}

export function emptyTally(): FuzzTally {
  return {
    requests: 0,
    cases: 0,
    byCategory: {},
    byGroup: {},
    byStatus: {},
    fiveXx: 0,
    timeouts: 0,
    networkErrors: 0,
    invalidBodies: 0,
    unexpectedStatuses: 0,
    failures: [],
    failureCount: 0,
  }
}

export interface FuzzTarget {
  /** `http://host/2025-10-13`. */
  base: string
  authorization: string
  send: (request: Request) => Promise<Response>
  /** A request (and reading its answer) taking longer than this is a hang. */
  timeoutMs: number
}

const TIMEOUT = Symbol('timeout')

async function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMEOUT> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<typeof TIMEOUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMEOUT), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

function keyOf(world: FuzzWorld, signer: 'a' | 'b' | 'revoked' | 'stranger'): SessionKey {
  return signer === 'a'
    ? world.a.key
    : signer === 'b'
      ? world.b.key
      : signer === 'revoked'
        ? world.revoked
        : world.stranger
}

async function signature(world: FuzzWorld, signer: StampSigner, payload: string): Promise<string> {
  return typeof signer === 'object' ? signer.garbage : stamp(payload, keyOf(world, signer))
}

function describeCase(fuzzCase: FuzzCase, step: string): string {
  const body =
    fuzzCase.body === undefined
      ? ''
      : typeof fuzzCase.body === 'string'
        ? ` body(${fuzzCase.body.length}): ${fuzzCase.body.slice(0, 160)}`
        : ` body(${fuzzCase.body.length} bytes)`
  return `[${fuzzCase.category}] ${step}${fuzzCase.method} ${fuzzCase.path.slice(0, 200)} headers ${JSON.stringify(fuzzCase.headers).slice(0, 300)} stamp ${JSON.stringify(fuzzCase.stamp ?? null).slice(0, 120)}${body}`
}

function fail(tally: FuzzTally, message: string) {
  tally.failureCount += 1
  if (tally.failures.length < 20) tally.failures.push(message)
}

/** One request; returns its status and body text, or why it has none. */
async function sendOne(
  target: FuzzTarget,
  fuzzCase: FuzzCase,
  headers: Record<string, string>,
  body: string | Uint8Array | undefined,
  tally: FuzzTally,
  step: string,
): Promise<{ status: number; text: string } | undefined> {
  const all = new Headers(headers)
  if (fuzzCase.authorization === true) all.set('Authorization', target.authorization)
  else if (fuzzCase.authorization !== undefined) all.set('Authorization', fuzzCase.authorization)
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body
  const abort = new AbortController()
  const request = new Request(`${target.base}${fuzzCase.path}`, {
    method: fuzzCase.method,
    headers: all,
    signal: abort.signal,
    ...(bytes === undefined
      ? {}
      : fuzzCase.chunked
        ? {
            body: new ReadableStream({
              start(controller) {
                for (let offset = 0; offset < bytes.length; offset += 16 * 1024) {
                  controller.enqueue(bytes.slice(offset, offset + 16 * 1024))
                }
                controller.close()
              },
            }),
            duplex: 'half',
          }
        : { body: bytes }),
  } as RequestInit)
  tally.requests += 1
  tally.byCategory[fuzzCase.category] = (tally.byCategory[fuzzCase.category] ?? 0) + 1
  tally.byGroup[fuzzCase.group] = (tally.byGroup[fuzzCase.group] ?? 0) + 1
  const answered = await within(
    (async () => {
      const response = await target.send(request)
      return { status: response.status, text: await response.text() }
    })(),
    target.timeoutMs,
  ).catch((error: unknown) => error as Error)
  if (answered === TIMEOUT) {
    abort.abort()
    tally.timeouts += 1
    fail(tally, `timeout after ${target.timeoutMs} ms: ${describeCase(fuzzCase, step)}`)
    return undefined
  }
  if (answered instanceof Error) {
    tally.networkErrors += 1
    fail(
      tally,
      `no answer (${answered.message}; ${String(answered.cause ?? '')}): ${describeCase(fuzzCase, step)}`,
    )
    return undefined
  }
  const { status, text } = answered
  tally.byStatus[status] = (tally.byStatus[status] ?? 0) + 1
  if (status >= 500) {
    tally.fiveXx += 1
    fail(tally, `${status} ${text.slice(0, 200)}: ${describeCase(fuzzCase, step)}`)
    return answered
  }
  // HEAD answers carry no body by definition; every other non-2xx must be the spec's Error object.
  if ((status < 200 || status >= 300) && fuzzCase.method !== 'HEAD') {
    let valid = false
    try {
      const parsed = ErrorBody.safeParse(JSON.parse(text))
      valid = parsed.success && parsed.data.status === status
    } catch {
      valid = false
    }
    if (!valid) {
      tally.invalidBodies += 1
      fail(
        tally,
        `${status} with a body that is no Error object (${text.slice(0, 200)}): ${describeCase(fuzzCase, step)}`,
      )
    }
  }
  return answered
}

function changed(body: string | Uint8Array | undefined): string {
  if (typeof body !== 'string' || !body.startsWith('{') || body === '{}') return '{"changed":true}'
  return `${body.slice(0, -1)},"changed":true}`
}

/** Sends one case (two requests for a two-step one) and judges the answers into `tally`. */
async function runFuzzCase(world: FuzzWorld, target: FuzzTarget, fuzzCase: FuzzCase, tally: FuzzTally) {
  tally.cases += 1
  let final: { status: number; text: string } | undefined
  if (fuzzCase.twoStep && fuzzCase.stamp) {
    const first = await sendOne(target, fuzzCase, fuzzCase.headers, fuzzCase.body, tally, 'unsigned: ')
    if (!first) return
    if (first.status !== 202) {
      tally.unexpectedStatuses += 1
      fail(
        tally,
        `expected a 202 before the retry, got ${first.status} ${first.text.slice(0, 200)}: ${describeCase(fuzzCase, '')}`,
      )
      return
    }
    const challenge = JSON.parse(first.text) as { requestId: string; payloadToSign: string }
    const payload =
      fuzzCase.stamp.over === 'retry, other payload' ? `${challenge.payloadToSign} ` : challenge.payloadToSign
    const headers = {
      ...fuzzCase.headers,
      'Request-Id': challenge.requestId,
      [WALLET_SIGNATURE_HEADER]: await signature(world, fuzzCase.stamp.signer, payload),
    }
    const body = fuzzCase.twoStep.changedBody ? changed(fuzzCase.body) : fuzzCase.body
    final = await sendOne(target, fuzzCase, headers, body, tally, 'retry: ')
  } else {
    const headers = { ...fuzzCase.headers }
    const over = fuzzCase.stamp?.over
    if (fuzzCase.stamp && typeof over === 'object') {
      const payload =
        'foreign' in over
          ? world.foreignChallenges[over.foreign]?.payloadToSign
          : world.usedChallenges[over.used]?.payloadToSign
      headers[WALLET_SIGNATURE_HEADER] = await signature(world, fuzzCase.stamp.signer, payload ?? '')
    } else if (fuzzCase.stamp && over === 'quote') {
      headers[WALLET_SIGNATURE_HEADER] = await signature(
        world,
        fuzzCase.stamp.signer,
        world.quote.payloadToSign,
      )
    }
    final = await sendOne(target, fuzzCase, headers, fuzzCase.body, tally, '')
  }
  if (!final || final.status >= 500) return
  const wrongStatus =
    (fuzzCase.expect && !fuzzCase.expect.includes(final.status)) || fuzzCase.refuse?.includes(final.status)
  let wrongCode = false
  if (!wrongStatus && fuzzCase.expectCode) {
    try {
      wrongCode = JSON.parse(final.text).code !== fuzzCase.expectCode
    } catch {
      wrongCode = fuzzCase.method !== 'HEAD'
    }
  }
  if (wrongStatus || wrongCode) {
    tally.unexpectedStatuses += 1
    fail(
      tally,
      `expected ${(fuzzCase.expect?.length ?? 0) > 10 ? '4xx' : (fuzzCase.expect?.join('/') ?? `not ${fuzzCase.refuse?.join('/')}`)} ${fuzzCase.expectCode ?? ''}, got ${final.status} ${final.text.slice(0, 200)}: ${describeCase(fuzzCase, '')}`,
    )
  }
}

/** Runs `cases` with at most `concurrency` in flight. */
export async function runFuzzCases(
  world: FuzzWorld,
  target: FuzzTarget,
  cases: FuzzCase[],
  tally: FuzzTally,
  concurrency = 1,
): Promise<void> {
  let next = 0
  const worker = async () => {
    while (next < cases.length) {
      const fuzzCase = cases[next++] as FuzzCase
      await runFuzzCase(world, target, fuzzCase, tally)
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
}
