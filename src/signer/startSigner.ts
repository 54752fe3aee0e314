import type { ConfirmAction } from '../client/confirmAction.js'
import { createPageHeldWalletAuth, type WalletAuth } from '../client/createWalletAuth.js'
import { isWalletAuthError, WalletAuthError } from '../errors.js'
import { SignerConfig } from './signerConfig.js'
import { createSignerDialog } from './signerDialog.js'
import { SIGNER_METHODS, type SignerIo } from './signerMethods.js'
import { PageMessage, SignerConnect, type SignerError, type SignerMessage } from './signerProtocol.js'
import { toPageValue } from './toPageValue.js'

/** Options of `startSigner`. */
export interface StartSignerOptions {
  /** Where the dialog is drawn: the signer document's body by default. */
  root?: HTMLElement
  /** The deployment's settings; default: `signer-config.json` beside the document. */
  config?: SignerConfig
}

const toSignerError = (error: unknown): SignerError => {
  if (error instanceof WalletAuthError) {
    const { code, message, status, details, reason, retryAfter } = error
    return toPageValue({ code, message, status, details, reason, retryAfter }) as SignerError
  }
  return { code: 'SIGNER_REFUSED', message: 'The signer could not do that.' }
}

// The one sentence a signer shows where it must not work: opened on its own, or framed by a page
// its deployment does not name.
function refuseToWork(root: HTMLElement, sentence: string): void {
  const p = document.createElement('p')
  p.className = 'signer-refused'
  p.textContent = sentence
  root.replaceChildren(p)
}

// The dialog focuses its field or heading as it opens, while the page still has the frame hidden
// (nothing hidden takes focus): once the page shows the frame, the same target takes it.
function focusDialog(root: HTMLElement): void {
  const shadow = [...root.children].find((element) => element.shadowRoot)?.shadowRoot
  const target =
    shadow?.querySelector<HTMLElement>('[role="dialog"] input') ??
    shadow?.querySelector<HTMLElement>('[role="dialog"] [tabindex="-1"]')
  target?.focus()
}

async function loadConfig(): Promise<SignerConfig> {
  const response = await fetch(new URL('signer-config.json', document.baseURI), { credentials: 'omit' })
  return SignerConfig.parse(await response.json())
}

// Where the engine says who frames the document (`ancestorOrigins`), it must be an app origin; the
// connect message's origin is checked everywhere, and the CSP's frame-ancestors holds in all.
function framedByApp(appOrigins: readonly string[]): boolean {
  if (window.top === window) return false
  const ancestors = location.ancestorOrigins
  return ancestors === undefined || ancestors.length === 0 || appOrigins.includes(ancestors[0] ?? '')
}

/**
 * Runs the signer document: checks it is framed by one of the app origins its deployment names,
 * waits for that page's connect message, and from then on answers the page's requests over the
 * port with its own client (keys in this origin's IndexedDB), asking the person in its own
 * dialog. The page's JavaScript never reaches a key, a code or the recovery phrase.
 *
 * @example
 * ```ts
 * // signer.js, the module the signer document loads
 * await startSigner()
 * ```
 */
export async function startSigner({ root = document.body, config }: StartSignerOptions = {}): Promise<void> {
  // Listening before anything is awaited: the page connects as soon as the frame has loaded.
  const early: MessageEvent[] = []
  let onConnect: (event: MessageEvent) => void = (event) => early.push(event)
  const listener = (event: MessageEvent) => onConnect(event)
  window.addEventListener('message', listener)
  const settings = config ?? (await loadConfig())
  const appOrigins = settings.appOrigins.map((origin) => new URL(origin).origin)
  if (!framedByApp(appOrigins)) {
    window.removeEventListener('message', listener)
    return refuseToWork(root, 'This page works only inside your wallet app. Close it and go back to the app.')
  }
  const port = await new Promise<MessagePort>((resolve) => {
    onConnect = (event) => {
      if (event.source !== window.parent || !appOrigins.includes(event.origin)) return
      const [channel] = event.ports
      if (!SignerConnect.safeParse(event.data).success || !channel) return
      window.removeEventListener('message', listener)
      onConnect = () => {}
      resolve(channel)
    }
    for (const event of early.splice(0)) onConnect(event)
  })
  const post = (message: SignerMessage) => port.postMessage(message)
  const dialog = createSignerDialog({
    root,
    setVisible: (visible) => post({ kind: 'visible', visible }),
    ...(settings.minVisibleMs === undefined ? {} : { minVisibleMs: settings.minVisibleMs }),
  })
  const clientFor = (confirm: ConfirmAction): WalletAuth =>
    createPageHeldWalletAuth({
      baseUrl: settings.baseUrl,
      // The app's cookie reaches its backend from the signer's requests: same site, or CORS with
      // credentials for the signer's origin.
      fetch: (input, init) => fetch(input, { ...init, credentials: 'include' }),
      confirm,
      ...(settings.headerName ? { headerName: settings.headerName } : {}),
      ...(settings.trustedSigners ? { trustedSigners: settings.trustedSigners } : {}),
      ...(settings.exportSigners ? { exportSigners: settings.exportSigners } : {}),
      ...(settings.sessionMode ? { sessionMode: settings.sessionMode } : {}),
    })
  const client = clientFor((description) => dialog.confirm(description))
  // The page's own `fetch` signs only what moves nothing: an act the person must confirm (an
  // export to a key the page chose, a credential, a contact) has its own method, where the signer
  // makes the request itself and knows what it shows.
  let plainClient: WalletAuth | undefined
  const refuseSensitive: ConfirmAction = () => {
    throw new WalletAuthError(
      'SIGNER_REFUSED',
      'Ask for this act with its own method: the person confirms it there.',
    )
  }
  const pendingCallbacks = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (e: unknown) => void }
  >()
  let callbacks = 0
  const io: SignerIo = {
    dialog,
    prepared: new Map(),
    baseUrl: settings.baseUrl,
    fetch: (input, init) => {
      plainClient ??= clientFor(refuseSensitive)
      return plainClient.fetch(input, init)
    },
    dangerouslyAcceptUnsignedSandboxExport: settings.dangerouslyAcceptUnsignedSandboxExport === true,
    callback: (name, args) =>
      new Promise((resolve, reject) => {
        const id = ++callbacks
        pendingCallbacks.set(id, { resolve, reject })
        post({ kind: 'callback', id, name, args: toPageValue(args) as unknown[] })
      }),
  }
  client.onChange((event) => post({ kind: 'event', event: toPageValue(event), now: client.now() }))

  port.onmessage = async (event: MessageEvent) => {
    const parsed = PageMessage.safeParse(event.data)
    if (!parsed.success) return
    const message = parsed.data
    if (message.kind === 'shown') return focusDialog(root)
    if (message.kind === 'theme') {
      for (const [name, value] of Object.entries(message.properties)) root.style.setProperty(name, value)
      return
    }
    if (message.kind === 'callback-answer') {
      const pending = pendingCallbacks.get(message.id)
      pendingCallbacks.delete(message.id)
      if (message.ok) pending?.resolve(message.value)
      else pending?.reject(new WalletAuthError('PAGE_ERROR', 'The app could not answer.'))
      return
    }
    const method = Object.hasOwn(SIGNER_METHODS, message.method) ? SIGNER_METHODS[message.method] : undefined
    try {
      if (!method) throw new WalletAuthError('SIGNER_REFUSED', 'The signer does not do that.')
      const value = await method(client, message.args, io)
      post({ kind: 'result', id: message.id, value: toPageValue(value), now: client.now() })
    } catch (error) {
      if (!isWalletAuthError(error)) console.error(error)
      post({ kind: 'error', id: message.id, error: toSignerError(error) })
    }
  }
  port.start()
  post({ kind: 'ready' })
}
