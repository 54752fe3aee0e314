import type { ContractRoute } from '../contractRoute.js'

/** The money operations the sandbox serves, with schemas written from the service's contract. */
export const moneyRoutes: ContractRoute[] = []
