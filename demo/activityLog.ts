// The activity panel: every HTTP exchange of the wallet client, in order, so a reviewer sees the
// protocol. A 202 and its signed retry (matched by `Request-Id`) are one entry, with the stamp
// decoded. It wraps the `fetch` given to `createWalletAuth`, beneath the kit's signed retry; in
// signer mode it shows what the backend's relay forwarded for the user instead.
import { base64UrlToBytes } from '../src/crypto/base64UrlToBytes.js'
import { WALLET_SIGNATURE_HEADER } from '../src/stamp/stamp.js'
import { element } from './dom.js'
import type { RelayExchange } from './server/relayActivity.js'

const MAX_SHOWN = 800

const clip = (text: string) =>
  text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}… (${text.length} chars)` : text

function pretty(text: string): string {
  try {
    return clip(JSON.stringify(JSON.parse(text), null, 2))
  } catch {
    return clip(text)
  }
}

/** The stamp's three fields, or why they could not be read. */
function decodeStamp(header: string): Node {
  try {
    const { publicKey, scheme, signature } = JSON.parse(new TextDecoder().decode(base64UrlToBytes(header)))
    return element(
      'dl',
      { class: 'stamp' },
      element('dt', {}, 'publicKey'),
      element('dd', {}, element('code', {}, String(publicKey))),
      element('dt', {}, 'scheme'),
      element('dd', {}, element('code', {}, String(scheme))),
      element('dt', {}, 'signature (DER)'),
      element('dd', {}, element('code', {}, String(signature))),
    )
  } catch {
    return element('p', {}, 'The signature header does not decode.')
  }
}

function exchangeLine(method: string, url: string, status: string): HTMLElement {
  return element(
    'div',
    { class: 'line' },
    element('span', { class: 'method' }, method),
    ' ',
    element('code', {}, url),
    ' → ',
    element('span', { class: 'http-status' }, status),
  )
}

function bodies(requestBody: string, responseBody: string): HTMLElement {
  return element(
    'details',
    {},
    element('summary', {}, 'bodies'),
    element('pre', {}, `request: ${requestBody ? pretty(requestBody) : '(none)'}`),
    element('pre', {}, `response: ${responseBody ? pretty(responseBody) : '(none)'}`),
  )
}

/** One exchange as the panel shows it: from the page's own `fetch`, or from the backend's log. */
export type ActivityExchange = RelayExchange

/**
 * A logging `fetch` for the client (keys in the page), `follow` for the backend's log of what the
 * relay forwarded (signer mode: the signer frame makes the requests, out of the page's sight),
 * and `clear()` for the panel's button.
 */
export function createActivityLog(
  list: HTMLOListElement,
  headerName = WALLET_SIGNATURE_HEADER,
  inner: typeof fetch = fetch,
) {
  // requestId of a 202 -> its entry, where the signed retry is added.
  const challenges = new Map<string, HTMLLIElement>()

  function record(exchange: ActivityExchange): void {
    const { method, url, requestBody, signature, requestId, responseBody } = exchange
    const status = String(exchange.status)
    const challengeEntry = requestId === null ? undefined : challenges.get(requestId)
    if (challengeEntry && requestId !== null) {
      challenges.delete(requestId)
      challengeEntry.dataset.status = status
      challengeEntry.append(
        element(
          'p',
          { class: 'step' },
          `stamped with the session key, retried with Request-Id ${requestId}:`,
        ),
        signature === null ? element('p', {}, 'no signature header') : decodeStamp(signature),
        exchangeLine(method, url, status),
        bodies(requestBody, responseBody),
      )
      return
    }

    const entry = element('li', { 'data-status': status }, exchangeLine(method, url, status))
    if (exchange.status === 202) {
      entry.className = 'signed-retry'
      try {
        const challenge = JSON.parse(responseBody) as { requestId?: string; expiresAt?: string }
        if (typeof challenge.requestId === 'string') challenges.set(challenge.requestId, entry)
        entry.append(
          element('p', { class: 'step' }, `signed-retry challenge, good until ${challenge.expiresAt}`),
        )
      } catch {
        // Not a challenge body: shown as it came, below.
      }
    } else if (signature !== null) {
      entry.className = 'signed'
      entry.append(element('p', { class: 'step' }, 'signed with the session key:'), decodeStamp(signature))
    }
    entry.append(bodies(requestBody, responseBody))
    list.append(entry)
    // The panel scrolls on its own: keep the newest exchange in view.
    if (list.parentElement) list.parentElement.scrollTop = list.parentElement.scrollHeight
  }

  const loggingFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input.clone() : new Request(input, init)
    const url = new URL(request.url).pathname + new URL(request.url).search
    const requestBody = request.body ? await request.clone().text() : ''
    let response: Response
    try {
      response = await inner(input, init)
    } catch (error) {
      list.append(
        element('li', { 'data-status': 'network-error' }, exchangeLine(request.method, url, 'no answer')),
      )
      throw error
    }
    record({
      method: request.method,
      url,
      requestBody,
      signature: request.headers.get(headerName),
      requestId: request.headers.get('Request-Id'),
      status: response.status,
      responseBody: await response.clone().text(),
    })
    return response
  }

  let next = 0
  let whose: string | undefined
  let following = false
  /**
   * Shows what `read(after)` returns, every `everyMs` while the page is shown: the exchanges after
   * the index given, the next index, and whose log it is (another user's log starts over at 0).
   * Returns a function that stops.
   */
  function follow(
    read: (after: number) => Promise<{ exchanges: ActivityExchange[]; next: number; user: string }>,
    everyMs = 1000,
  ): () => void {
    const poll = async () => {
      if (following || document.visibilityState === 'hidden') return
      following = true
      try {
        let answer = await read(next)
        if (answer.user !== whose) {
          whose = answer.user
          if (next !== 0) answer = await read(0)
        }
        next = answer.next
        for (const exchange of answer.exchanges) record(exchange)
      } catch {
        // Nobody signed in yet, or the backend restarting: the next poll tries again.
      } finally {
        following = false
      }
    }
    const timer = setInterval(poll, everyMs)
    void poll()
    return () => clearInterval(timer)
  }

  return {
    fetch: loggingFetch,
    follow,
    clear() {
      challenges.clear()
      list.replaceChildren()
    },
  }
}
