// Currencies as a person reads them: "Euro (EUR)", and a list of them joined with "or".
import type { Currency } from '../src/wire/index.js'

/** A currency's name with its code ("Euro (EUR)"), or the code alone when the service gave no name. */
export function currencyWords(currency: Currency): string {
  const code = currency.code ?? 'an unnamed currency'
  return currency.name && currency.name !== code ? `${currency.name} (${code})` : code
}

/** Several currencies as one phrase: "Euro (EUR) or Mexican Peso (MXN)". */
export function currencyChoices(currencies: readonly Currency[]): string {
  return new Intl.ListFormat('en-US', { type: 'disjunction' }).format(currencies.map(currencyWords))
}
