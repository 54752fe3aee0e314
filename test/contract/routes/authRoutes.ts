import type { ContractRoute } from '../contractRoute.js'

/** The auth operations the sandbox serves, with schemas written from the service's contract. */
export const authRoutes: ContractRoute[] = []
