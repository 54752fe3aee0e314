import { WalletAuthError } from '../errors.js'
import type { SignerError, SignerMessage } from '../signer/signerProtocol.js'
import { sessionOnPageClock } from './sessionOnPageClock.js'

// Written out, not imported from the signer's protocol module, so the page does not ship zod.
const SIGNER_CONNECT = 'embedded-wallet-auth/signer-connect'
const SIGNER_PROTOCOL_VERSION = 1
const CALLBACK_MARK = '$walletCallback'

// A function of the page the signer may call back (an ID token's getter, an SCA step's answer).
type KeptFunction = (...args: unknown[]) => unknown

/** Options of `connectSigner` (the `signer` option of `createWalletAuth`). */
export interface SignerFrameOptions {
  /** The signer document on its own origin, e.g. `https://signer.example.com/signer.html`. */
  url: string
  /** Where the frame is put. Default `document.body`. */
  container?: HTMLElement
  /**
   * The signer dialog's theme: `--wallet-color-scheme` (`light` or `dark`), `--wallet-accent`,
   * `--wallet-on-accent`, `--wallet-focus`, `--wallet-font`, `--wallet-radius`, `--wallet-gap`. The
   * signer picks the colours of what the person reads itself, and refuses a theme naming others.
   */
  theme?: Record<string, string>
  /** How long the signer may take to answer its first message. Default 15 000 ms. */
  timeoutMs?: number
}

/** A page's connection to its signer frame. */
export interface SignerChannel {
  /** The signer frame: shown (full viewport, above the page) only while it needs the person. */
  readonly frame: HTMLIFrameElement
  /**
   * Asks the signer to run one of its methods. Functions among the members of an options argument
   * named in `callbacks` stay in the page and are called back; any other function (a `confirm`)
   * is left out: the signer asks the person itself.
   */
  call(method: string, args: readonly unknown[], callbacks?: readonly string[]): Promise<unknown>
  /** Listens to the signer's session events; returns unsubscribe. */
  onEvent(listener: (event: unknown) => void): () => void
  /** Removes the frame; calls still waiting fail with `SIGNER_UNAVAILABLE`. */
  close(): void
}

const fromSignerError = ({ code, message, ...fields }: SignerError) =>
  new WalletAuthError(code, message, fields)

function frameFor(url: URL, container: HTMLElement): HTMLIFrameElement {
  const frame = document.createElement('iframe')
  frame.src = url.href
  frame.title = 'Your wallet'
  // Passkey ceremonies run in the signer, on its origin.
  frame.allow = 'publickey-credentials-get; publickey-credentials-create; clipboard-write'
  for (const [name, value] of Object.entries({
    position: 'fixed',
    inset: '0',
    width: '100%',
    height: '100%',
    border: '0',
    margin: '0',
    'z-index': '2147483647',
    'color-scheme': 'normal',
    display: 'none',
  })) {
    frame.style.setProperty(name, value)
  }
  container.append(frame)
  return frame
}

// The arguments as they cross: an options object's kept functions become marks, the rest stay
// behind (structured clone would refuse them anyway).
function toWire(args: readonly unknown[], names: readonly string[], kept: Map<string, KeptFunction>) {
  return args.map((arg) => {
    if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return arg
    const out: Record<string, unknown> = {}
    for (const [member, value] of Object.entries(arg)) {
      if (typeof value !== 'function') out[member] = value
      else if (names.includes(member)) {
        kept.set(member, value as KeptFunction)
        out[member] = { [CALLBACK_MARK]: member }
      }
    }
    return out
  })
}

/**
 * Frames the signer document and opens a `MessageChannel` to it: the connect message carrying
 * the channel goes to the signer's origin only, so no other document can answer on it. Calls
 * wait until the signer is ready.
 *
 * @example
 * ```ts
 * const signer = connectSigner({ url: 'https://signer.example.com/signer.html' })
 * const session = await signer.call('sessions.current', [])
 * ```
 */
export function connectSigner(
  { url, container = document.body, theme, timeoutMs = 15_000 }: SignerFrameOptions,
  /** The page's clock, which sessions from the signer are read on (`sessionOnPageClock`). */
  { now = Date.now }: { now?: () => number } = {},
): SignerChannel {
  const signerUrl = new URL(url, location.href)
  const frame = frameFor(signerUrl, container)
  const { port1: port, port2 } = new MessageChannel()
  const pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: unknown) => void; kept: Map<string, KeptFunction> }
  >()
  const listeners = new Set<(event: unknown) => void>()
  let calls = 0
  let focusBefore: Element | null = null
  let failure: WalletAuthError | undefined
  let markReady: () => void = () => {}
  let markFailed: (error: WalletAuthError) => void = () => {}
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    markFailed = reject
  })
  ready.catch(() => {})
  const fail = (error: WalletAuthError) => {
    failure = error
    markFailed(error)
    for (const call of pending.values()) call.reject(error)
    pending.clear()
  }
  const timer = setTimeout(
    () => fail(new WalletAuthError('SIGNER_UNAVAILABLE', 'The wallet window did not open. Reload the page.')),
    timeoutMs,
  )
  frame.addEventListener(
    'load',
    () => {
      const hello = { type: SIGNER_CONNECT, version: SIGNER_PROTOCOL_VERSION }
      frame.contentWindow?.postMessage(hello, signerUrl.origin, [port2])
    },
    { once: true },
  )

  const answerCallback = async (message: Extract<SignerMessage, { kind: 'callback' }>) => {
    const fn = [...pending.values()].find((call) => call.kept.has(message.name))?.kept.get(message.name)
    try {
      if (!fn) throw new Error('no such callback')
      port.postMessage({
        kind: 'callback-answer',
        id: message.id,
        ok: true,
        value: await fn(...message.args),
      })
    } catch {
      port.postMessage({ kind: 'callback-answer', id: message.id, ok: false })
    }
  }

  port.onmessage = (event: MessageEvent<SignerMessage>) => {
    const message = event.data
    if (message.kind === 'ready') {
      clearTimeout(timer)
      if (theme) port.postMessage({ kind: 'theme', properties: theme })
      markReady()
    } else if (message.kind === 'result' || message.kind === 'error') {
      const call = pending.get(message.id)
      pending.delete(message.id)
      if (message.kind === 'result') call?.resolve(sessionOnPageClock(message.value, message.now - now()))
      else call?.reject(fromSignerError(message.error))
    } else if (message.kind === 'event') {
      const heard = sessionOnPageClock(message.event, message.now - now())
      for (const listener of listeners) listener(heard)
    } else if (message.kind === 'callback') {
      void answerCallback(message)
    } else if (message.kind === 'visible') {
      if (message.visible) {
        focusBefore = document.activeElement
        frame.style.setProperty('display', 'block')
        frame.focus()
        port.postMessage({ kind: 'shown' })
      } else {
        // The keyboard comes back to the page with the frame gone: to where it was before the
        // frame was shown (the page may move it on from there).
        if (document.activeElement === frame) {
          frame.blur()
          if (focusBefore instanceof HTMLElement && focusBefore.isConnected) focusBefore.focus()
        }
        frame.style.setProperty('display', 'none')
        focusBefore = null
      }
    }
  }

  return {
    frame,
    async call(method, args, callbacks = []) {
      if (failure) throw failure
      const kept = new Map<string, KeptFunction>()
      const wire = toWire(args, callbacks, kept)
      await ready
      return new Promise((resolve, reject) => {
        const id = ++calls
        pending.set(id, { resolve, reject, kept })
        port.postMessage({ kind: 'call', id, method, args: wire })
      })
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    close() {
      clearTimeout(timer)
      fail(new WalletAuthError('SIGNER_UNAVAILABLE', 'The wallet window was closed.'))
      port.close()
      frame.remove()
    },
  }
}
