import type { ContractRoute } from './contractRoute.js'
import { authRoutes } from './routes/authRoutes.js'
import { cardRoutes } from './routes/cardRoutes.js'
import { configRoutes } from './routes/configRoutes.js'
import { moneyRoutes } from './routes/moneyRoutes.js'
import { receiverRoutes } from './routes/receiverRoutes.js'
import { scaRoutes } from './routes/scaRoutes.js'

/** Every operation of the contract that the sandbox serves. */
export const contractRoutes: readonly ContractRoute[] = [
  ...authRoutes,
  ...configRoutes,
  ...moneyRoutes,
  ...receiverRoutes,
  ...scaRoutes,
  ...cardRoutes,
]
