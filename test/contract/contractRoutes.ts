import type { ContractRoute } from './contractRoute.js'
import { authRoutes } from './routes/authRoutes.js'
import { cardRoutes } from './routes/cardRoutes.js'
import { moneyRoutes } from './routes/moneyRoutes.js'

/** Every operation of the contract that the sandbox serves. */
export const contractRoutes: readonly ContractRoute[] = [...authRoutes, ...moneyRoutes, ...cardRoutes]
