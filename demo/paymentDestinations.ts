// The sandbox outcomes a QA person can pick as a payment's destination (the spec's magic UMA
// addresses and account-number suffixes), so each one can be seen from the page.

/** One choice of the "Pay to" list. */
export interface PaymentDestination {
  value: string
  /** The option's text: short, so that a phone's select shows it whole. */
  label: string
  /** Its group in the list (UMA addresses, bank accounts). */
  group: string
  /** How the payment step names the receiver. */
  receiver: string
  /** What the sandbox does with a payment to it (shown under the list). */
  outcome: string
}

const UMA_ADDRESSES: [string, string][] = [
  ['$success.eur', 'succeeds (EUR)'],
  ['$success.usd', 'succeeds (USD)'],
  ['$success.mxn', 'succeeds (MXN)'],
  ['$pending.long.usd', 'stays pending a long time'],
  ['$fail.compliance.usd', 'fails the compliance check'],
]

const ACCOUNT_SUFFIXES: [string, string][] = [
  ['000', 'successful payment'],
  ['002', 'execution fails'],
  ['003', 'long payment, about 6 minutes'],
  ['004', 'counterparty delivery fails'],
  ['005', 'the bank returns the payment'],
  ['006', 'the user cancels'],
  ['007', 'payout and refund fail'],
]

/** The choice whose address the person types (`#receiver-address`). */
export const TYPED_ADDRESS = 'typed'

/**
 * The choices: UMA addresses at `umaDomain`, then bank accounts by suffix (`uma:…` / `account:…`),
 * then an address the person types (`TYPED_ADDRESS`).
 */
export function paymentDestinations(umaDomain: string): PaymentDestination[] {
  return [
    ...UMA_ADDRESSES.map(([user, outcome]) => ({
      value: `uma:${user}@${umaDomain}`,
      label: user,
      group: `UMA addresses @${umaDomain}`,
      receiver: `UMA ${user}@${umaDomain}`,
      outcome,
    })),
    ...ACCOUNT_SUFFIXES.map(([suffix, outcome]) => ({
      value: `account:${suffix}`,
      label: `US bank account ending ${suffix}`,
      group: 'US bank accounts',
      receiver: `US bank account ending ${suffix}`,
      outcome,
    })),
    {
      value: TYPED_ADDRESS,
      label: 'Type a UMA address',
      group: 'Someone else',
      receiver: '',
      outcome: 'pays the address you type, when someone receives payments there',
    },
  ]
}
