// What crosses between the app's page and the signer: the signer reads every page message with a
// closed schema, sends fetches to the relay only, and never lets a key cross to the page.
import { describe, expect, it } from 'vitest'
import { signerFetch } from '../../src/signer/signerFetch.js'
import { PageMessage } from '../../src/signer/signerProtocol.js'
import { toPageValue } from '../../src/signer/toPageValue.js'
import { expectCode } from '../helpers/expectCode.js'

const BASE = 'https://app.example.com/api/wallet'

describe('toPageValue', () => {
  it('leaves a session without its key pair', async () => {
    const keyPair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign'])
    const session = { accountId: 'InternalAccount:1', key: { publicKey: '02ab', keyPair } }
    expect(toPageValue({ type: 'signed-in', session })).toEqual({
      type: 'signed-in',
      session: { accountId: 'InternalAccount:1', key: { publicKey: '02ab' } },
    })
  })

  it('refuses a key anywhere else', async () => {
    const { privateKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
    ])
    await expectCode(() => toPageValue({ data: [{ signingKey: privateKey }] }), 'SIGNER_REFUSED')
  })
})

describe('the page messages the signer reads', () => {
  it('takes calls, callback answers and a theme of the allowed properties', () => {
    expect(PageMessage.safeParse({ kind: 'call', id: 1, method: 'sessions.current', args: [] }).success).toBe(
      true,
    )
    expect(PageMessage.safeParse({ kind: 'callback-answer', id: 2, ok: true, value: 'token' }).success).toBe(
      true,
    )
    const theme = {
      kind: 'theme',
      properties: { '--wallet-accent': '#0a58ca', '--wallet-color-scheme': 'dark' },
    }
    expect(PageMessage.safeParse(theme).success).toBe(true)
  })

  it.each([
    ['an unknown kind', { kind: 'sign', id: 1, payload: 'x' }],
    [
      'a call with an unknown member',
      { kind: 'call', id: 1, method: 'signOut', args: [{ confirm: 'true' }], extra: 1 },
    ],
    ['a call with too many arguments', { kind: 'call', id: 1, method: 'signOut', args: [1, 2, 3, 4, 5] }],
    ['a fractional id', { kind: 'call', id: 1.5, method: 'signOut', args: [] }],
    [
      'a theme that loads something',
      { kind: 'theme', properties: { '--wallet-accent': 'url(https://evil.example/x)' } },
    ],
    ['a theme that sets the text colour', { kind: 'theme', properties: { '--wallet-text': 'transparent' } }],
    [
      'a theme that escapes its value',
      { kind: 'theme', properties: { '--wallet-font': 'a; } * { color: red' } },
    ],
  ])('refuses %s', (_what, message) => {
    expect(PageMessage.safeParse(message).success).toBe(false)
  })
})

describe('signerFetch', () => {
  const fetchTo = (seen: string[]) =>
    (async (input: RequestInfo | URL) => {
      seen.push(String(input))
      return new Response('{}', { status: 200 })
    }) as typeof fetch

  it('sends to the relay and below', async () => {
    const seen: string[] = []
    const answer = await signerFetch(
      fetchTo(seen),
      { url: `${BASE}/quotes/Quote:1`, method: 'GET', headers: [] },
      BASE,
    )
    expect(answer.status).toBe(200)
    expect(seen).toEqual([`${BASE}/quotes/Quote:1`])
  })

  it.each([
    ['another origin', 'https://evil.example/api/wallet/quotes'],
    ['a sibling path', 'https://app.example.com/api/walletx/quotes'],
    ['a path that climbs out', 'https://app.example.com/api/wallet/../admin'],
    ['the app itself', 'https://app.example.com/account'],
  ])('refuses %s', async (_what, url) => {
    const seen: string[] = []
    await expectCode(
      () => signerFetch(fetchTo(seen), { url, method: 'POST', headers: [], body: '{}' }, BASE),
      'SIGNER_REFUSED',
    )
    expect(seen).toEqual([])
  })
})
