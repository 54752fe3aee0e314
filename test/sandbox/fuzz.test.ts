// Sandbox fuzzing: over 10,000 generated hostile requests in process and 1,000 more over HTTP,
// across every route group. Zero 5xx, zero hangs, an Error object for every non-2xx, and the
// state afterwards intact. Reproduce a failing run with FUZZ_SEED=<the seed it printed>;
// FUZZ_DEBUG=1 prints every count and state check.
import fc from 'fast-check'
import { describe, expect, it, onTestFailed } from 'vitest'
import { recordReliability } from '../reliability/recordReliability.js'
import { FUZZ_CATEGORIES, type FuzzCase, fuzzCaseArb } from './fuzz/fuzzCases.js'
import { ROUTE_GROUPS } from './fuzz/fuzzRoutes.js'
import { checkWorld, createFuzzWorld, type FuzzWorld, snapshot } from './fuzz/fuzzWorld.js'
import { emptyTally, type FuzzTally, type FuzzTarget, runFuzzCases } from './fuzz/runFuzzCases.js'

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31))
const IN_PROCESS_CASES = 10_000
const HTTP_CASES = 1_000
// Generated a chunk at a time: a huge body is built only shortly before it is sent.
const CHUNK = 500

async function fuzz(world: FuzzWorld, target: FuzzTarget, count: number, seed: number, concurrency: number) {
  const started = performance.now()
  const tally = emptyTally()
  const arbitrary = fuzzCaseArb(world)
  for (let done = 0, chunk = 0; done < count; done += CHUNK, chunk += 1) {
    const cases: FuzzCase[] = fc.sample(arbitrary, {
      seed: seed + chunk,
      numRuns: Math.min(CHUNK, count - done),
    })
    await runFuzzCases(world, target, cases, tally, concurrency)
  }
  return { ...tally, wallMs: Math.round(performance.now() - started) }
}

const sorted = (counts: Record<string, number>) =>
  Object.entries(counts)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, value]) => `${key}: ${value}`)
    .join(', ')

function figures(label: string, tally: FuzzTally & { wallMs: number }): [string, string | number][] {
  const classes = { '2xx': 0, '4xx': 0, '5xx': 0 } as Record<string, number>
  for (const [status, count] of Object.entries(tally.byStatus)) {
    const key = `${status[0]}xx`
    classes[key] = (classes[key] ?? 0) + count
  }
  return [
    [`${label}: cases`, tally.cases],
    [`${label}: requests`, tally.requests],
    [`${label}: requests by category`, sorted(tally.byCategory)],
    [`${label}: requests by route group`, sorted(tally.byGroup)],
    [`${label}: status classes`, sorted(classes)],
    [`${label}: statuses`, sorted(tally.byStatus)],
    [`${label}: 5xx`, tally.fiveXx],
    [`${label}: wall time (ms)`, tally.wallMs],
    [`${label}: timeouts (hangs)`, tally.timeouts],
    [`${label}: requests without an answer`, tally.networkErrors],
    [`${label}: non-2xx bodies that are no Error object`, tally.invalidBodies],
    [`${label}: statuses other than the case fixes (401, 413…)`, tally.unexpectedStatuses],
  ]
}

describe('sandbox fuzzing', () => {
  it(`answers ${IN_PROCESS_CASES} generated requests in process and ${HTTP_CASES} over HTTP with no 5xx, no hang, Error objects, state intact`, {
    timeout: 120_000,
  }, async () => {
    onTestFailed(() => console.error(`sandbox fuzzing failed: rerun with FUZZ_SEED=${SEED}`))
    const world = await createFuzzWorld()
    const before = await snapshot(world)
    const { h } = world
    const { authorization } = h.testing

    const inProcess = await fuzz(
      world,
      { base: h.base, authorization, send: (request) => h.sandbox.fetch(request), timeoutMs: 5_000 },
      IN_PROCESS_CASES,
      SEED,
      4,
    )
    // The world's own sandbox put on a port (listenedSandbox would start another, empty one): the
    // cases name its customers, sessions and ids, and the state checks read it afterwards.
    const server = await h.sandbox.listen()
    let overHttp: FuzzTally & { wallMs: number }
    try {
      overHttp = await fuzz(
        world,
        { base: server.baseUrl, authorization, send: (request) => fetch(request), timeoutMs: 10_000 },
        HTTP_CASES,
        SEED + 1_000_003,
        8,
      )
    } finally {
      await server.close()
    }
    const checks = await checkWorld(world, before)
    const failedChecks = checks.filter((check) => !check.passed)
    const failures = inProcess.failureCount + overHttp.failureCount
    const lost = failedChecks.length

    await recordReliability({
      area: 'fuzzing',
      name: 'Hostile requests against the sandbox',
      tried:
        `${inProcess.cases} fast-check cases in process (sandbox.fetch) and ${overHttp.cases} over HTTP ` +
        `(sandbox.listen(), 8 at a time, some bodies chunked), over all ${ROUTE_GROUPS.length} route groups ` +
        `(${ROUTE_GROUPS.join(', ')}), in ${FUZZ_CATEGORIES.length} categories: ${FUZZ_CATEGORIES.join(', ')}. ` +
        'Two protected customers signed in first; afterwards their accounts, credentials, sessions and ' +
        'emails were compared, their sessions had to sign a signed retry, and fresh OTP sign-ins had to work.',
      faults:
        'Malformed and deeply nested JSON, invalid UTF-8, wrong types and prototype keys, bodies over ' +
        '64 KiB and just under, unknown and wrong-type ids, missing and garbage HTTP Basic, used and foreign ' +
        'Request-Ids, stamps by another account, a revoked session or a stranger, garbage signatures, wrong ' +
        'methods, odd paths and query strings.',
      figures: [
        ['seed', SEED],
        ...figures('in process', inProcess),
        ...figures('over HTTP', overHttp),
        ['state checks', checks.length],
        ['state checks passed', checks.length - failedChecks.length],
      ],
      outcome:
        failures === 0 && lost === 0
          ? `${inProcess.requests + overHttp.requests} requests: no 5xx, no hang, every non-2xx an Error object; every state check held.`
          : `${failures} failed requests and ${lost} failed state checks (seed ${SEED}).`,
      lost,
    })

    if (process.env.FUZZ_DEBUG) console.log(JSON.stringify({ inProcess, overHttp, checks }, null, 1))
    const report = `FUZZ_SEED=${SEED}\n${[...inProcess.failures, ...overHttp.failures].join('\n')}`
    expect(inProcess.requests, report).toBeGreaterThanOrEqual(IN_PROCESS_CASES)
    expect(overHttp.requests, report).toBeGreaterThanOrEqual(HTTP_CASES)
    expect(Object.keys(inProcess.byGroup).sort()).toEqual([...ROUTE_GROUPS].sort())
    expect(Object.keys(inProcess.byCategory).sort()).toEqual([...FUZZ_CATEGORIES].sort())
    for (const tally of [inProcess, overHttp]) {
      expect(tally.fiveXx, report).toBe(0)
      expect(tally.timeouts, report).toBe(0)
      expect(tally.networkErrors, report).toBe(0)
      expect(tally.invalidBodies, report).toBe(0)
      expect(tally.unexpectedStatuses, report).toBe(0)
    }
    expect(failedChecks, `FUZZ_SEED=${SEED}`).toEqual([])
  })
})
