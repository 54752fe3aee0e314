import { byId, element } from './dom.js'
import { errorMessage } from './errorMessage.js'

/**
 * Shows `error` in the alert region as a sentence with its code (`sentence` replaces the usual
 * one); clears the status line.
 */
export function showError(error: unknown, sentence = errorMessage(error).sentence): void {
  const { code } = errorMessage(error)
  byId('status').textContent = ''
  byId('alert').replaceChildren(`${sentence} `, element('code', {}, code))
}

/** Shows a success in the status line (announced politely) and clears the alert. */
export function showStatus(text: string): void {
  byId('alert').replaceChildren()
  byId('status').textContent = text
}

/** Clears both, when a new action starts. */
export function clearNotices(): void {
  byId('alert').replaceChildren()
  byId('status').textContent = ''
}
