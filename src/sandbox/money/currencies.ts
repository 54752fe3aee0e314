import { badRequest } from './moneyErrors.js'

/** A currency the sandbox can quote, with its fixed value in US dollars per major unit. */
export interface SandboxCurrency {
  code: string
  name: string
  symbol: string
  decimals: number
  /** US dollars per major unit: the sandbox's whole rate table. */
  usdValue: number
  /** Stablecoins need a `cryptoNetwork` when they fund a quote. */
  stablecoin?: boolean
}

const TABLE: SandboxCurrency[] = [
  { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2, usdValue: 1 },
  { code: 'EUR', name: 'Euro', symbol: '€', decimals: 2, usdValue: 1.08 },
  { code: 'GBP', name: 'Pound Sterling', symbol: '£', decimals: 2, usdValue: 1.27 },
  { code: 'MXN', name: 'Mexican Peso', symbol: '$', decimals: 2, usdValue: 0.055 },
  { code: 'BRL', name: 'Brazilian Real', symbol: 'R$', decimals: 2, usdValue: 0.18 },
  { code: 'CAD', name: 'Canadian Dollar', symbol: '$', decimals: 2, usdValue: 0.73 },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', decimals: 2, usdValue: 0.012 },
  { code: 'NGN', name: 'Nigerian Naira', symbol: '₦', decimals: 2, usdValue: 0.00065 },
  { code: 'PHP', name: 'Philippine Peso', symbol: '₱', decimals: 2, usdValue: 0.017 },
  { code: 'KES', name: 'Kenyan Shilling', symbol: 'KSh', decimals: 2, usdValue: 0.0077 },
  { code: 'XOF', name: 'West African CFA Franc', symbol: 'CFA', decimals: 0, usdValue: 0.0016 },
  { code: 'USDC', name: 'USD Coin', symbol: 'USDC', decimals: 6, usdValue: 1, stablecoin: true },
  // The currency of embedded wallets (the service's walkthrough on-ramps USD into it).
  { code: 'USDB', name: 'USD Balance', symbol: '$', decimals: 6, usdValue: 1, stablecoin: true },
]

/**
 * Every currency of the sandbox's rate table, by code.
 *
 * @example
 * ```ts
 * SANDBOX_CURRENCIES.get('EUR')?.decimals // 2
 * ```
 */
export const SANDBOX_CURRENCIES: ReadonlyMap<string, SandboxCurrency> = new Map(
  TABLE.map((currency) => [currency.code, currency]),
)

/**
 * The currency with `code`, or 400 `INVALID_CURRENCY` naming the ones the sandbox knows.
 *
 * @example
 * ```ts
 * const { decimals } = requireCurrency('MXN')
 * ```
 */
export function requireCurrency(code: string): SandboxCurrency {
  const currency = SANDBOX_CURRENCIES.get(code.toUpperCase())
  if (!currency) {
    throw badRequest('INVALID_CURRENCY', `The sandbox does not support the currency ${code}.`, {
      supported: [...SANDBOX_CURRENCIES.keys()],
    })
  }
  return currency
}

/**
 * A currency as quotes show it (`code`, `name`, `symbol`, `decimals`).
 *
 * @example
 * ```ts
 * currencyView('USD') // { code: 'USD', name: 'United States Dollar', symbol: '$', decimals: 2 }
 * ```
 */
export function currencyView(code: string): { code: string; name: string; symbol: string; decimals: number } {
  const { name, symbol, decimals } = requireCurrency(code)
  return { code: code.toUpperCase(), name, symbol, decimals }
}
