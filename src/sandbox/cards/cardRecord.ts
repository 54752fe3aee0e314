/** Lifecycle states of a card (the contract's CardState). */
export type CardState = 'PENDING_KYC' | 'PROCESSING' | 'ACTIVE' | 'FROZEN' | 'CLOSED'

/**
 * A card the sandbox issued: virtual, funded by internal accounts of its cardholder, in one
 * currency. Nothing is ever charged to it (no card transactions in the sandbox).
 */
export interface CardRecord {
  id: string
  cardholderId: string
  platformCardId: string
  state: CardState
  /** Set when the card is closed (the sandbox's cards close only by `PATCH`). */
  stateReason: 'CLOSED_BY_PLATFORM' | null
  form: 'VIRTUAL'
  last4: string
  expMonth: number
  expYear: number
  /** Internal account ids in priority order, at least one. */
  fundingSources: string[]
  /** Smallest unit of `currency`; `null` for no limit. */
  maxSpendPerTransaction: number | null
  currency: string
  /** Sandbox-clock time at which provisioning ends and a `PROCESSING` card turns `ACTIVE`. */
  activatesAt: number
  createdAt: string
  updatedAt: string
}
