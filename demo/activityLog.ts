// The activity panel: every HTTP exchange of the wallet client, in order, so a reviewer sees the
// protocol. A 202 and its signed retry (matched by `Request-Id`) are one entry, with the stamp
// decoded. It wraps the `fetch` given to `createWalletAuth`, beneath the kit's signed retry.
import { base64UrlToBytes } from '../src/crypto/base64UrlToBytes.js'
import { WALLET_SIGNATURE_HEADER } from '../src/stamp/stamp.js'
import { element } from './dom.js'

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

/** A logging `fetch` for the client and `clear()` for the panel's button. */
export function createActivityLog(
  list: HTMLOListElement,
  headerName = WALLET_SIGNATURE_HEADER,
  inner: typeof fetch = fetch,
) {
  // requestId of a 202 -> its entry, where the signed retry is added.
  const challenges = new Map<string, HTMLLIElement>()

  const loggingFetch: typeof fetch = async (input, init) => {
    const request = input instanceof Request && init === undefined ? input.clone() : new Request(input, init)
    const url = new URL(request.url).pathname + new URL(request.url).search
    const requestBody = request.body ? await request.clone().text() : ''
    const signature = request.headers.get(headerName)
    const requestId = request.headers.get('Request-Id')
    let response: Response
    try {
      response = await inner(input, init)
    } catch (error) {
      list.append(
        element('li', { 'data-status': 'network-error' }, exchangeLine(request.method, url, 'no answer')),
      )
      throw error
    }
    const responseBody = await response.clone().text()
    const status = String(response.status)

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
        exchangeLine(request.method, url, status),
        bodies(requestBody, responseBody),
      )
      return response
    }

    const entry = element('li', { 'data-status': status }, exchangeLine(request.method, url, status))
    if (response.status === 202) {
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
    return response
  }

  return {
    fetch: loggingFetch,
    clear() {
      challenges.clear()
      list.replaceChildren()
    },
  }
}
