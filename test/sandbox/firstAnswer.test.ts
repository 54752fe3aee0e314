// What an Idempotency-Key remembers of a failure: a refusal (4xx) for good, as the contract says;
// a server failure (5xx, or a bug) and a 429 not at all, so a retry with the key runs again.
import { describe, expect, it } from 'vitest'
import { firstAnswer, type RememberedAnswer } from '../../src/sandbox/money/firstAnswer.js'
import { SandboxError } from '../../src/sandbox/sandboxError.js'

const failure = (status: number) => new SandboxError({ status, code: `E${status}`, message: 'No.' })

/** Runs `key` twice: the first run fails with `error`, the second would answer 'second'. */
async function twice(error: unknown) {
  const answers = new Map<string, Promise<RememberedAnswer<string>>>()
  let runs = 0
  const run = async () => {
    runs++
    if (runs === 1) throw error
    return 'second'
  }
  const first = await firstAnswer(answers, 'k', run).catch((thrown: unknown) => thrown)
  const second = await firstAnswer(answers, 'k', run).catch((thrown: unknown) => thrown)
  return { first, second, runs }
}

describe('firstAnswer after a failure', () => {
  it.each([400, 404, 409, 422, 423])('keeps a %i and throws it again without running', async (status) => {
    const error = failure(status)
    expect(await twice(error)).toEqual({ first: error, second: error, runs: 1 })
  })

  it.each([
    ['a 500', failure(500)],
    ['a 503', failure(503)],
    ['a 429 (its wait would be stale)', failure(429)],
    ['a bug', new TypeError('boom')],
  ])('forgets %s: the same key runs again', async (_name, error) => {
    expect(await twice(error)).toEqual({ first: error, second: 'second', runs: 2 })
  })

  it('answers a request that waited on a forgotten failure with that failure', async () => {
    const answers = new Map<string, Promise<RememberedAnswer<string>>>()
    let fail: (error: unknown) => void = () => {}
    const running = new Promise<string>((_, reject) => {
      fail = reject
    })
    const replies = [1, 2].map(() => firstAnswer(answers, 'k', () => running).catch((e: unknown) => e))
    const error = failure(500)
    fail(error)
    expect(await Promise.all(replies)).toEqual([error, error])
    expect(answers.has('k')).toBe(false)
  })
})
