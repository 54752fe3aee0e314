/** What `ClipboardCopy.clear` did: `cleared`, `left` (the clipboard holds something newer), `none`. */
export type ClipboardClearing = 'cleared' | 'left' | 'none'

/**
 * A text an element put on the system clipboard, and taking it back off. `clear` empties the
 * clipboard only while it still holds that text, as far as the page can tell: where the page may
 * read the clipboard without a prompt (the `clipboard-read` permission already granted), it reads
 * and compares; elsewhere (a prompt would show: Chromium by default, Firefox, Safari) it writes an
 * empty text unless the user copied something else in this page since (a copy made in another app
 * is then replaced). A page that is not focused may not touch the clipboard (nor, in Safari, one
 * the user did not just click): the clearing then waits for the user's next focus, click or key.
 * Clipboard managers and the system's clipboard history keep copies no page can reach.
 *
 * @example
 * ```ts
 * const copy = new ClipboardCopy(element)
 * await copy.write(secret)
 * setTimeout(() => void copy.clear(), 60_000)
 * ```
 */
export class ClipboardCopy {
  #host: HTMLElement
  #text: string | undefined
  #newer = false
  #clearing: Promise<ClipboardClearing> | undefined
  #retry: (() => void) | undefined

  /** `host`: copies made from inside it are not "something else". */
  constructor(host: HTMLElement) {
    this.#host = host
  }

  /** Writes `text` to the clipboard (rejects as `navigator.clipboard.writeText` does). */
  async write(text: string): Promise<void> {
    await navigator.clipboard.writeText(text)
    this.#stopRetry()
    this.#text = text
    this.#newer = false
    document.addEventListener('copy', this.#heardCopy, true)
    document.addEventListener('cut', this.#heardCopy, true)
  }

  /** Takes the text back off the clipboard when it is still there (see the class). */
  clear(): Promise<ClipboardClearing> {
    this.#clearing ??= this.#clear().finally(() => {
      this.#clearing = undefined
    })
    return this.#clearing
  }

  async #clear(): Promise<ClipboardClearing> {
    const text = this.#text
    if (text === undefined) return 'none'
    const held = await readIfAllowed()
    if (held === undefined ? this.#newer : held.trim() !== text) {
      this.#forget()
      return 'left'
    }
    try {
      await navigator.clipboard.writeText('')
    } catch {
      // Not focused (or, in Safari, no click just now): again at the user's next focus, click or key.
      this.#retryLater()
      return 'none'
    }
    this.#forget()
    return 'cleared'
  }

  #heardCopy = (event: Event) => {
    if (!event.composedPath().includes(this.#host)) this.#newer = true
  }

  #forget() {
    this.#text = undefined
    this.#stopRetry()
    document.removeEventListener('copy', this.#heardCopy, true)
    document.removeEventListener('cut', this.#heardCopy, true)
  }

  #retryLater() {
    if (this.#retry) return
    const again = () => {
      this.#stopRetry()
      void this.clear()
    }
    window.addEventListener('focus', again)
    document.addEventListener('pointerdown', again, true)
    document.addEventListener('keydown', again, true)
    this.#retry = () => {
      window.removeEventListener('focus', again)
      document.removeEventListener('pointerdown', again, true)
      document.removeEventListener('keydown', again, true)
    }
  }

  #stopRetry() {
    this.#retry?.()
    this.#retry = undefined
  }
}

// The clipboard's text when reading it shows no prompt, else `undefined` (unknown).
async function readIfAllowed(): Promise<string | undefined> {
  try {
    const { state } = await navigator.permissions.query({ name: 'clipboard-read' as PermissionName })
    return state === 'granted' ? await navigator.clipboard.readText() : undefined
  } catch {
    // No such permission name (Firefox, Safari), or not focused.
    return undefined
  }
}
