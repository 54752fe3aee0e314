import type { ElementClientEvent } from './elementClient.js'
import type { SessionEndReason } from './events.js'
import type { WalletMessages } from './messages.js'

/** Why the session ended and the sentence that says so, for the elements that follow the session. */
export interface SessionEnd {
  reason: SessionEndReason
  sentence: string
}

/**
 * The end of the session `event` reports (expired; signed out here, in another tab, or ended by
 * the service, which reads as expired), or `undefined` for any other event.
 */
export function sessionEnd(event: ElementClientEvent, messages: WalletMessages): SessionEnd | undefined {
  if (event.type === 'expired') return { reason: 'expired', sentence: messages.sessionEnded }
  if (event.type !== 'signed-out') return undefined
  if (event.origin === 'elsewhere')
    return { reason: 'signed-out-elsewhere', sentence: messages.signedOutElsewhere }
  if (event.origin === 'service') return { reason: 'expired', sentence: messages.sessionEnded }
  return { reason: 'signed-out', sentence: messages.signedOut }
}
