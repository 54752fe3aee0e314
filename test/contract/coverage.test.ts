// Every route the sandbox serves is an operation of the service's contract, with a schema for each
// success answer: a route added without one fails here, so no answer goes unchecked.

import { describe, expect, it } from 'vitest'
import { createApp } from '../../src/sandbox/app.js'
import { createEnclave } from '../../src/sandbox/enclave.js'
import { createSandbox } from '../../src/sandbox/index.js'
import { createStore } from '../../src/sandbox/store.js'
import { SANDBOX_WEBHOOK_TYPES } from '../../src/sandbox/webhooks/webhookEvent.js'
import { findRoute } from './checkResponse.js'
import { contractRoutes } from './contractRoutes.js'
import { webhookSchema } from './webhookSchemas.js'

describe('contract coverage', () => {
  it('names every route the sandbox serves', async () => {
    const { config, clock } = await createSandbox({ log: () => {} })
    const ctx = { config, clock, store: createStore(), enclave: await createEnclave() }
    const app = createApp(ctx, { clientId: 'id', clientSecret: 'secret' })
    const served = app.routes
      .filter((route) => route.method !== 'ALL')
      .map((route) => `${route.method} ${route.path}`)
    expect(served.length).toBeGreaterThan(30)
    const missing = served.filter((route) => {
      const [method = '', path = ''] = route.split(' ')
      return !findRoute(contractRoutes, method, `http://sandbox.test${path.replace(/:\w+/g, 'Id:1')}`)
    })
    expect(missing).toEqual([])
  })

  it('has a schema for every success status it names', () => {
    for (const route of contractRoutes) {
      const statuses = Object.keys(route.responses).map(Number)
      expect(statuses.length, `${route.method} ${route.path}`).toBeGreaterThan(0)
      expect(statuses.every((status) => status >= 200 && status < 300)).toBe(true)
    }
  })

  it('has a schema for every webhook the sandbox sends', () => {
    const missing = SANDBOX_WEBHOOK_TYPES.filter((type) => !webhookSchema(type))
    expect(missing).toEqual([])
  })
})
