// What a hostile backend does with the requests a page sends and the answers it gets, end to end:
// client -> a hostile backend -> the relay -> sandbox. Each attack binds the user's signature to
// something else than what the user asked for (another quote, another contact, another card, a
// payload that reads two ways); each is refused before any signature leaves the page, and the same
// operation, no longer tampered with, goes through.
import { describe, expect, it } from 'vitest'
import { createWalletAuth, type WalletAuth } from '../../src/client/index.js'
import type { PayloadDescription } from '../../src/intent/describePayload.js'
import { createKeyStore } from '../../src/keys/createKeyStore.js'
import { expectCode } from '../helpers/expectCode.js'
import { type Customer, createCustomer, fund, type Harness, json, startHarness } from '../sandbox/harness.js'
import { issueCard } from '../sandbox/issueCard.js'
import { customerRelay } from './customerRelay.js'

const HEADER = 'Service-Wallet-Signature'
const MALLORY = 'mallory@evil.example'
const MALLORY_PHONE = '+14155550666'

/** Rewrites one request on its way to the relay, or one answer on its way to the page. */
interface Tamper {
  request?: (request: Request) => Request | Promise<Request>
  response?: (request: Request, response: Response) => Response | Promise<Response>
}

interface World {
  h: Harness
  customer: Customer
  wallet: WalletAuth
  /** What the backend does to the next request `when` picks (then it behaves again). */
  arm(when: (request: Request) => boolean, tamper: Tamper): void
  /** Whether the armed tampering happened, and the signed requests that left the page after it. */
  state: { tampered: boolean; signedAfter: number }
  /** The confirmations the client was asked for. */
  asked: PayloadDescription[]
}

async function world(): Promise<World> {
  const h = await startHarness()
  const customer = await createCustomer(h, { phoneNumber: '+14155550123' })
  const upstream = customerRelay(h, customer.customerId)
  const state = { tampered: false, signedAfter: 0 }
  let armed: { when: (request: Request) => boolean; tamper: Tamper } | undefined
  const asked: PayloadDescription[] = []
  const backend = async (input: RequestInfo | URL, init?: RequestInit) => {
    let request = new Request(input, init)
    if (state.tampered && request.headers.has(HEADER)) state.signedAfter++
    const attack = armed?.when(request) ? armed.tamper : undefined
    if (attack) {
      armed = undefined
      state.tampered = true
      if (attack.request) request = await attack.request(request)
    }
    const response = await upstream(request.clone())
    return attack?.response ? attack.response(request, response) : response
  }
  const wallet = createWalletAuth({
    baseUrl: 'http://app.test/wallet',
    fetch: backend,
    keyStore: createKeyStore({ indexedDB: null, now: h.sandbox.clock.now }),
    trustedSigners: [h.sandbox.signerPublicKey],
    exportSigners: [h.sandbox.exportSignerPublicKey],
    now: h.sandbox.clock.now,
    confirm: (description) => {
      asked.push(description)
      return true
    },
  })
  await wallet.emailOtp.send(customer.emailCredentialId)
  await wallet.emailOtp.verify(customer.emailCredentialId, '000000')
  return {
    h,
    customer,
    wallet,
    arm: (when, tamper) => {
      armed = { when, tamper }
    },
    state,
    asked,
  }
}

const unsigned = (method: string, pattern: RegExp) => (request: Request) =>
  request.method === method && pattern.test(new URL(request.url).pathname) && !request.headers.has(HEADER)

/** `request` with its JSON body changed by `edit`. */
async function rewritten(request: Request, edit: (body: Record<string, unknown>) => void) {
  const body = await request.clone().json()
  edit(body)
  return new Request(request, { body: JSON.stringify(body) })
}

/** The refusal, then nothing signed after the tampering. */
async function refusedUnsigned(w: World, run: () => Promise<unknown>, field?: string) {
  const error = await expectCode(run, 'PAYLOAD_MISMATCH')
  expect(w.state.tampered).toBe(true)
  expect(w.state.signedAfter).toBe(0)
  if (field !== undefined) expect(error.details?.field).toBe(field)
  return error
}

/** A funded wallet, the user's 1 USDB quote to D and the attacker's 200 USDB quote to M (another receiver), both from it. */
async function twoQuotes(w: World) {
  await fund(w.h, w.customer.accountId, 500_000_000)
  const { umaDomain } = w.h.sandbox.config
  const request = {
    source: { sourceType: 'ACCOUNT' as const, accountId: w.customer.accountId },
    destination: { destinationType: 'UMA_ADDRESS' as const, umaAddress: `$success.usd@${umaDomain}` },
    lockedCurrencySide: 'SENDING' as const,
    lockedCurrencyAmount: 1_000_000,
  }
  const mine = await w.wallet.quotes.create(request)
  const theirs = await w.h.api(
    `${w.h.base}/quotes`,
    json('POST', {
      ...request,
      destination: { destinationType: 'UMA_ADDRESS', umaAddress: `$success.eur@${umaDomain}` },
      lockedCurrencyAmount: 200_000_000,
    }),
  )
  expect(theirs.status).toBe(201)
  return { mine, theirs: (await theirs.json()) as Record<string, unknown> & { id: string } }
}

const walletInstruction = (quote: Record<string, unknown>) =>
  (quote.paymentInstructions as Array<{ accountOrWalletInfo: Record<string, unknown> }>).find(
    (instructions) => instructions.accountOrWalletInfo.accountType === 'EMBEDDED_WALLET',
  )?.accountOrWalletInfo as { payloadToSign: string }

describe('a hostile backend binding the signature to what the user did not ask for', () => {
  it("is refused when it answers the user's quote with its own whole quote", async () => {
    const w = await world()
    const { mine, theirs } = await twoQuotes(w)
    w.arm(unsigned('GET', /\/quotes\/[^/]+$/), { response: () => Response.json(theirs) })
    await refusedUnsigned(w, () => w.wallet.quotes.execute(mine.id), 'quote.id')
    // Its own quote under the user's id: other terms than the quote the client holds.
    w.arm(unsigned('GET', /\/quotes\/[^/]+$/), { response: () => Response.json({ ...theirs, id: mine.id }) })
    await refusedUnsigned(w, () => w.wallet.quotes.execute(mine.id), 'quote.destination')
    expect(w.asked.filter((d) => d.action === 'pay')).toEqual([])
    const paid = await w.wallet.quotes.execute(mine.id)
    expect(paid.released).toBe(true)
    // The user was asked about the quote they made: 1 USDB to D, nothing else.
    expect(w.asked.filter((d) => d.action === 'pay').map((d) => d.payment)).toEqual([
      {
        sent: { amount: 1_000_000, currency: 'USDB', decimals: 6 },
        received: expect.objectContaining({ currency: 'USD' }),
        fees: expect.objectContaining({ currency: 'USDB' }),
        destination: `$success.usd@${w.h.sandbox.config.umaDomain}`,
      },
    ])
  })

  it("is refused when it swaps only the quote's payload for its own quote's", async () => {
    const w = await world()
    const { mine, theirs } = await twoQuotes(w)
    const swapped = walletInstruction(theirs).payloadToSign
    w.arm(unsigned('GET', /\/quotes\/[^/]+$/), {
      response: async (_, response) => {
        const body = await response.json()
        walletInstruction(body).payloadToSign = swapped
        return Response.json(body)
      },
    })
    await refusedUnsigned(w, () => w.wallet.quotes.execute(mine.id), 'quote.payloadToSign')
    // The attacker's quote was never executed: it is still there to pay, the user's is paid.
    expect((await w.wallet.quotes.execute(mine.id)).released).toBe(true)
    const attackers = await w.h.api(`${w.h.base}/quotes/${theirs.id}`)
    expect((await attackers.json()).status).toBe('PENDING')
  })

  it("is refused when it creates another quote than the user's", async () => {
    const w = await world()
    await fund(w.h, w.customer.accountId, 500_000_000)
    const { umaDomain } = w.h.sandbox.config
    w.arm(unsigned('POST', /\/quotes$/), {
      request: (request) =>
        rewritten(request, (body) => Object.assign(body, { lockedCurrencyAmount: 200_000_000 })),
    })
    const request = {
      source: { sourceType: 'ACCOUNT' as const, accountId: w.customer.accountId },
      destination: { destinationType: 'UMA_ADDRESS' as const, umaAddress: `$success.usd@${umaDomain}` },
      lockedCurrencySide: 'SENDING' as const,
      lockedCurrencyAmount: 1_000_000,
    }
    await refusedUnsigned(w, () => w.wallet.quotes.create(request), 'quote.lockedCurrencyAmount')
    expect((await w.wallet.quotes.create(request)).totalSendingAmount).toBe(1_000_000)
  })

  it('is refused when it moves the email to its own address just before the user adds email sign-in', async () => {
    const w = await world()
    // One email credential per account: the user moves to SMS, removes it, and adds it back.
    const sms = await w.wallet.smsOtp.add(w.customer.accountId, { contact: '+14155550123' })
    await w.wallet.smsOtp.verify(sms.id, '000000')
    await w.wallet.credentials.revoke(w.customer.emailCredentialId)
    const setEmail = async (email: string) => {
      const path = `${w.h.base}/customers/${w.customer.customerId}`
      const changed = await w.h.api(path, json('PATCH', { customerType: 'INDIVIDUAL', email }))
      expect(changed.status).toBe(200)
    }
    w.arm(unsigned('POST', /\/auth\/credentials$/), {
      request: async (request) => {
        await setEmail(MALLORY)
        return request
      },
    })
    await refusedUnsigned(
      w,
      () => w.wallet.emailOtp.add(w.customer.accountId, { contact: w.customer.email }),
      'parameters.userEmail',
    )
    await setEmail(w.customer.email)
    const added = await w.wallet.emailOtp.add(w.customer.accountId, { contact: w.customer.email })
    expect(added.nickname).toBe(w.customer.email)
    expect(w.asked.at(-1)).toMatchObject({ action: 'change-contact', contact: w.customer.email })
  })

  it("is refused when it sets its own phone number just before the user's SMS sign-in is added", async () => {
    const w = await world()
    const setPhone = async (phoneNumber: string) => {
      const path = `${w.h.base}/customers/${w.customer.customerId}`
      const changed = await w.h.api(path, json('PATCH', { customerType: 'INDIVIDUAL', phoneNumber }))
      expect(changed.status).toBe(200)
    }
    w.arm(unsigned('POST', /\/auth\/credentials$/), {
      request: async (request) => {
        await setPhone(MALLORY_PHONE)
        return request
      },
    })
    const add = () => w.wallet.smsOtp.add(w.customer.accountId, { contact: '+1 415 555 0123' })
    await refusedUnsigned(w, add, 'parameters.userPhoneNumber')
    await setPhone('+14155550123')
    expect((await add()).nickname).toBe('+14155550123')
  })

  it('is refused when it changes the email the user sets to its own', async () => {
    const w = await world()
    const email = `new-${crypto.randomUUID().slice(0, 8)}@example.com`
    w.arm(unsigned('PATCH', /\/customers\/[^/]+$/), {
      request: (request) => rewritten(request, (body) => Object.assign(body, { email: MALLORY })),
    })
    const change = () => w.wallet.customers.updateContact(w.customer.customerId, { email })
    await refusedUnsigned(w, change, 'parameters.userEmail')
    expect(await change()).toMatchObject({ email })
  })

  it("is refused when it creates the user's delegated key for its own card", async () => {
    const w = await world()
    const owner = { cardholderId: w.customer.customerId, accountId: w.customer.accountId }
    const cardId = await issueCard(w.h, owner)
    const otherCardId = await issueCard(w.h, owner)
    w.arm(unsigned('POST', /\/auth\/delegated-keys$/), {
      request: (request) => rewritten(request, (body) => Object.assign(body, { cardId: otherCardId })),
    })
    const create = () =>
      w.wallet.delegatedKeys.create({ cardId, internalAccountId: w.customer.accountId, nickname: 'Card key' })
    await refusedUnsigned(w, create, 'parameters.cardId')
    expect(await create()).toMatchObject({ status: 'ACTIVE', cardId })
    expect(w.asked.filter((d) => d.action === 'delegate')).toHaveLength(2)
  })

  it("is refused when a delegated key's leg is a raw payload of the wallet", async () => {
    const w = await world()
    const raw = await w.h.api(
      `${w.h.base}/internal-accounts/${w.customer.accountId}`,
      json('PATCH', { privateEnabled: true }),
    )
    const rawChallenge = await raw.json()
    w.arm(unsigned('POST', /\/auth\/delegated-keys$/), {
      response: () => Response.json(rawChallenge, { status: 202 }),
    })
    const cardId = await issueCard(w.h, {
      cardholderId: w.customer.customerId,
      accountId: w.customer.accountId,
    })
    const create = () =>
      w.wallet.delegatedKeys.create({
        cardId,
        internalAccountId: w.customer.accountId,
        nickname: 'Card key',
      })
    await refusedUnsigned(w, create, 'type')
  })
})

/** The 202 of a signed operation, with one member repeated before its own (escaped or not). */
interface RepeatCase {
  name: string
  /** The member repeated: at the top of the activity, or in its `parameters`. */
  member: string
  inParameters: boolean
  escaped?: boolean
  when: (request: Request) => boolean
  run: (w: World) => Promise<unknown>
}

const escapedName = (name: string) =>
  [...name].map((char) => `\\u${(char.codePointAt(0) ?? 0).toString(16).padStart(4, '0')}`).join('')

/** `payloadToSign` with `"member": <attacker's value>` first in the object that holds it. */
function repeatMember(payloadToSign: string, { member, inParameters, escaped }: RepeatCase): string {
  const opening = inParameters ? '"parameters":{' : '{'
  const at = payloadToSign.indexOf(opening) + opening.length
  const name = escaped ? escapedName(member) : member
  return `${payloadToSign.slice(0, at)}"${name}":"attacker",${payloadToSign.slice(at)}`
}

const REPEATS: RepeatCase[] = [
  ...['type', 'organizationId', 'parameters', 'timestampMs'].map((member) => ({
    name: `the activity's ${member}`,
    member,
    inParameters: false,
    when: unsigned('POST', /\/export$/),
    run: (w: World) => w.wallet.exportWallet(w.customer.accountId),
  })),
  {
    name: "the export's targetPublicKey, escaped",
    member: 'targetPublicKey',
    inParameters: true,
    escaped: true,
    when: unsigned('POST', /\/export$/),
    run: (w) => w.wallet.exportWallet(w.customer.accountId),
  },
  {
    name: "the email change's userEmail",
    member: 'userEmail',
    inParameters: true,
    when: unsigned('PATCH', /\/customers\/[^/]+$/),
    run: (w) => w.wallet.customers.updateContact(w.customer.customerId, { email: 'ada2@example.com' }),
  },
  {
    name: "the SMS add's userPhoneNumber, escaped",
    member: 'userPhoneNumber',
    inParameters: true,
    escaped: true,
    when: unsigned('POST', /\/auth\/credentials$/),
    run: (w) => w.wallet.smsOtp.add(w.customer.accountId, { contact: '+14155550123' }),
  },
  {
    name: "the session revoke's apiKeyIds",
    member: 'apiKeyIds',
    inParameters: true,
    when: unsigned('DELETE', /\/auth\/sessions\/[^/]+$/),
    run: async (w) => w.wallet.sessions.revoke(String((await w.wallet.sessions.current())?.sessionId)),
  },
  {
    name: "the refresh's targetPublicKey",
    member: 'targetPublicKey',
    inParameters: true,
    when: unsigned('POST', /\/refresh$/),
    run: (w) => w.wallet.sessions.refresh(),
  },
]

describe('a payload of another organization than the one the session learned', () => {
  it.each([
    ['the export', unsigned('POST', /\/export$/), (w: World) => w.wallet.exportWallet(w.customer.accountId)],
    ['the refresh', unsigned('POST', /\/refresh$/), (w: World) => w.wallet.sessions.refresh()],
  ] as const)('is refused on %s, though all else is what the request sent', async (_, when, run) => {
    const w = await world()
    w.arm(when, {
      response: async (_, response) => {
        const challenge = await response.json()
        const activity = JSON.parse(challenge.payloadToSign)
        const payloadToSign = JSON.stringify({
          ...activity,
          organizationId: `${activity.organizationId}-other`,
        })
        return Response.json({ ...challenge, payloadToSign }, { status: 202 })
      },
    })
    await refusedUnsigned(w, () => run(w), 'organizationId')
    await run(w)
  })
})

describe('a payload that reads two ways', () => {
  it.each(REPEATS)('is refused when it repeats $name, before anything is signed', async (repeat) => {
    const w = await world()
    w.arm(repeat.when, {
      response: async (_, response) => {
        expect(response.status).toBe(202)
        const challenge = await response.json()
        return Response.json(
          { ...challenge, payloadToSign: repeatMember(challenge.payloadToSign, repeat) },
          { status: 202 },
        )
      },
    })
    const error = await refusedUnsigned(w, () => repeat.run(w), 'payload')
    expect(error.details?.repeated).toBe(repeat.member)
    await repeat.run(w)
  })

  it("is refused when the quote's payload repeats signWith", async () => {
    const w = await world()
    const { mine } = await twoQuotes(w)
    const other = `wallet_${crypto.randomUUID()}`
    w.arm(unsigned('GET', /\/quotes\/[^/]+$/), {
      response: async (_, response) => {
        const body = await response.json()
        const info = walletInstruction(body)
        info.payloadToSign = info.payloadToSign.replace(
          '"parameters":{',
          `"parameters":{"signWith":"${other}",`,
        )
        return Response.json(body)
      },
    })
    const error = await refusedUnsigned(w, () => w.wallet.quotes.execute(mine.id), 'payload')
    expect(error.details?.repeated).toBe('signWith')
    expect((await w.wallet.quotes.execute(mine.id)).released).toBe(true)
  })
})

/** `text` with the case of every letter flipped: the same id to a reader who ignores case. */
const swapCase = (text: string) =>
  text.replace(/[a-z]/gi, (c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()))

/** The user's 1 USDB quote request to $success.usd, locked on `side` (1 USD received, or 1 USDB sent). */
function quoteRequest(w: World, side: 'SENDING' | 'RECEIVING' = 'SENDING') {
  return {
    source: { sourceType: 'ACCOUNT' as const, accountId: w.customer.accountId },
    destination: {
      destinationType: 'UMA_ADDRESS' as const,
      umaAddress: `$success.usd@${w.h.sandbox.config.umaDomain}`,
    },
    lockedCurrencySide: side,
    lockedCurrencyAmount: side === 'SENDING' ? 1_000_000 : 100,
  }
}

/** The created quote's answer, edited by `edit` on its way to the page. */
/** The members of a quote's answer the tests below edit. */
type QuoteBody = {
  id: string
  source: { accountId: string }
  destination: { umaAddress: string }
  paymentInstructions: Array<{ accountOrWalletInfo: { accountType: string; payloadToSign?: string } }>
}

const createdAnswer = (edit: (quote: QuoteBody) => void): Tamper => ({
  response: async (_, response) => {
    const body = await response.json()
    edit(body)
    return Response.json(body, { status: response.status })
  },
})

/** The quote's embedded-wallet payment instruction again, carrying `payloadToSign` instead. */
function withPayload(quote: QuoteBody, payloadToSign: string): QuoteBody['paymentInstructions'][number] {
  const own = quote.paymentInstructions.find((i) => i.accountOrWalletInfo.accountType === 'EMBEDDED_WALLET')
  if (!own) throw new Error('The quote has no embedded-wallet instruction to copy.')
  return { ...own, accountOrWalletInfo: { ...own.accountOrWalletInfo, payloadToSign } }
}

describe('a hostile backend answering another quote than the one the user created', () => {
  it.each([
    [
      'draws on another account than the one asked',
      (quote: QuoteBody) => {
        quote.source.accountId = `InternalAccount:${crypto.randomUUID()}`
      },
      'quote.source',
    ],
    [
      'draws on the asked account spelled in another case (ids are case-sensitive)',
      (quote: QuoteBody) => {
        quote.source.accountId = swapCase(quote.source.accountId)
      },
      'quote.source',
    ],
    [
      'pays another UMA address than the one asked',
      (quote: QuoteBody) => {
        quote.destination.umaAddress = quote.destination.umaAddress.replace('$success.usd', '$success.eur')
      },
      'quote.destination',
    ],
  ] as const)('is refused when the created quote %s', async (_, edit, field) => {
    const w = await world()
    await fund(w.h, w.customer.accountId, 500_000_000)
    w.arm(unsigned('POST', /\/quotes$/), createdAnswer(edit))
    await refusedUnsigned(w, () => w.wallet.quotes.create(quoteRequest(w)), field)
    expect((await w.wallet.quotes.create(quoteRequest(w))).source).toEqual(quoteRequest(w).source)
  })

  it('is refused when it creates another amount on the receiving side the user locked', async () => {
    const w = await world()
    await fund(w.h, w.customer.accountId, 500_000_000)
    w.arm(unsigned('POST', /\/quotes$/), {
      request: (request) =>
        rewritten(request, (body) => Object.assign(body, { lockedCurrencyAmount: 20_000 })),
    })
    const request = quoteRequest(w, 'RECEIVING')
    await refusedUnsigned(w, () => w.wallet.quotes.create(request), 'quote.lockedCurrencyAmount')
    expect((await w.wallet.quotes.create(request)).totalReceivingAmount).toBe(100)
  })

  it('is refused when the created quote carries its own payload beside the one of the quote', async () => {
    const w = await world()
    const { theirs } = await twoQuotes(w)
    const attackers = walletInstruction(theirs).payloadToSign
    // The attacker's payload first: a client that signed the first one would pay the attacker.
    w.arm(
      unsigned('POST', /\/quotes$/),
      createdAnswer((quote) => {
        quote.paymentInstructions = [withPayload(quote, attackers), ...quote.paymentInstructions]
      }),
    )
    await refusedUnsigned(w, () => w.wallet.quotes.create(quoteRequest(w)), 'quote.paymentInstructions')
  })

  it("is refused when the quote read before paying carries a second payload after the quote's own", async () => {
    const w = await world()
    const { mine, theirs } = await twoQuotes(w)
    const attackers = walletInstruction(theirs).payloadToSign
    // The quote's own payload first: a client that signed the first one would pay a quote whose
    // instructions say two things.
    w.arm(
      unsigned('GET', /\/quotes\/[^/]+$/),
      createdAnswer((quote) => {
        quote.paymentInstructions = [...quote.paymentInstructions, withPayload(quote, attackers)]
      }),
    )
    await refusedUnsigned(w, () => w.wallet.quotes.execute(mine.id), 'quote.paymentInstructions')
    expect(w.asked.filter((d) => d.action === 'pay')).toEqual([])
    expect((await w.wallet.quotes.execute(mine.id)).released).toBe(true)
  })

  it('is refused when the quote read back differs from the id asked only in case', async () => {
    const w = await world()
    const { mine } = await twoQuotes(w)
    w.arm(
      unsigned('GET', /\/quotes\/[^/]+$/),
      createdAnswer((quote) => {
        quote.id = swapCase(quote.id)
      }),
    )
    await refusedUnsigned(w, () => w.wallet.quotes.execute(mine.id), 'quote.id')
    expect((await w.wallet.quotes.execute(mine.id)).released).toBe(true)
  })
})

describe("paying a quote that is not drawn on the session's account", () => {
  it.each([
    ['another customer', async (w: World) => (await createCustomer(w.h)).accountId],
    ["the session's account spelled in another case", async (w: World) => swapCase(w.customer.accountId)],
  ] as const)('is refused, nothing signed, when the quote is drawn on %s', async (_, account) => {
    const w = await world()
    const { theirs } = await twoQuotes(w)
    const accountId = await account(w)
    // The page is handed a quote id to pay (a payment link, say): the backend answers that quote,
    // its payload the wallet's own, as drawn on another account.
    w.arm(
      unsigned('GET', /\/quotes\/[^/]+$/),
      createdAnswer((quote) => {
        quote.source.accountId = accountId
      }),
    )
    await refusedUnsigned(w, () => w.wallet.quotes.execute(theirs.id), 'quote.source')
    expect(w.asked.filter((d) => d.action === 'pay')).toEqual([])
  })
})

describe("a payload naming another wallet than the one the session's payloads named", () => {
  it.each([
    ['another wallet', () => `wallet_${crypto.randomUUID()}`],
    ["the session's wallet spelled in another case (ids are case-sensitive)", swapCase],
  ] as const)('is refused, nothing signed, when a payment names %s', async (_, otherWallet) => {
    const w = await world()
    const { mine, theirs } = await twoQuotes(w)
    expect((await w.wallet.quotes.execute(mine.id)).released).toBe(true)
    const other = otherWallet(JSON.parse(walletInstruction(theirs).payloadToSign).parameters.signWith)
    expect(other).not.toBe(JSON.parse(walletInstruction(theirs).payloadToSign).parameters.signWith)
    // A quote the page never held, its payload the same transaction signed with another wallet.
    w.arm(
      unsigned('GET', /\/quotes\/[^/]+$/),
      createdAnswer((quote) => {
        const info = walletInstruction(quote)
        const activity = JSON.parse(info.payloadToSign)
        activity.parameters.signWith = other
        info.payloadToSign = JSON.stringify(activity)
      }),
    )
    const error = await refusedUnsigned(w, () => w.wallet.quotes.execute(theirs.id), 'parameters.signWith')
    expect(error.details?.received).toBe(other)
  })
})

describe('a payload of an organization differing only in case from the session', () => {
  it('is refused on the export: ids are case-sensitive', async () => {
    const w = await world()
    w.arm(unsigned('POST', /\/export$/), {
      response: async (_, response) => {
        const challenge = await response.json()
        const activity = JSON.parse(challenge.payloadToSign)
        const payloadToSign = JSON.stringify({
          ...activity,
          organizationId: swapCase(activity.organizationId),
        })
        return Response.json({ ...challenge, payloadToSign }, { status: 202 })
      },
    })
    await refusedUnsigned(w, () => w.wallet.exportWallet(w.customer.accountId), 'organizationId')
  })
})
