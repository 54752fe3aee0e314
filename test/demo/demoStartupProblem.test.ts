// `npm run demo` stops with one sentence naming the variable to set when a port is busy or a
// setting does not parse, instead of a stack trace.
import { createServer, type Server } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { demoStartupProblem, portInUse } from '../../demo/server/demoStartupProblem.js'

const open: Server[] = []

/** Listens on a free port of localhost; returns it. */
async function occupy(): Promise<number> {
  const server = createServer()
  open.push(server)
  await new Promise<void>((resolve) => server.listen({ port: 0, host: 'localhost' }, resolve))
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no port')
  return address.port
}

/** A port nothing listens on (taken, then given back). */
async function freePort(): Promise<number> {
  const port = await occupy()
  const server = open.pop()
  await new Promise((resolve) => server?.close(resolve))
  return port
}

afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => new Promise((resolve) => server.close(resolve))))
})

describe('demoStartupProblem', () => {
  it('names DEMO_PORT when the page port is busy', async () => {
    const busy = await occupy()
    const problem = await demoStartupProblem({
      DEMO_PORT: String(busy),
      DEMO_SANDBOX_PORT: String(await freePort()),
      DEMO_SIGNER_PORT: String(await freePort()),
    })
    expect(problem).toBe(
      `Port ${busy} is already in use: stop what uses it, or set DEMO_PORT to a free port (DEMO_PORT=${busy + 1} npm run demo).`,
    )
  })

  it('names DEMO_SANDBOX_PORT when the sandbox port is busy', async () => {
    const busy = await occupy()
    const problem = await demoStartupProblem({
      DEMO_PORT: String(await freePort()),
      DEMO_SANDBOX_PORT: String(busy),
      DEMO_SIGNER_PORT: String(await freePort()),
    })
    expect(problem).toContain('set DEMO_SANDBOX_PORT to a free port')
    expect(problem).not.toContain('\n')
  })

  it('checks no sandbox port against a real service', async () => {
    const busy = await occupy()
    const problem = await demoStartupProblem({
      DEMO_PORT: String(await freePort()),
      DEMO_SANDBOX_PORT: String(busy),
      DEMO_SIGNER_PORT: String(await freePort()),
      DEMO_SERVICE_URL: 'https://service.example/2025-10-13',
      DEMO_CLIENT_ID: 'id',
      DEMO_CLIENT_SECRET: 'secret',
    })
    expect(problem).toBeUndefined()
  })

  it('names DEMO_SIGNER_PORT when the signer port is busy, in both modes', async () => {
    const busy = await occupy()
    const problem = await demoStartupProblem({
      DEMO_PORT: String(await freePort()),
      DEMO_SANDBOX_PORT: String(await freePort()),
      DEMO_SIGNER_PORT: String(busy),
    })
    expect(problem).toContain('set DEMO_SIGNER_PORT to a free port')
    expect(
      await demoStartupProblem({
        DEMO_PORT: String(await freePort()),
        DEMO_SIGNER_PORT: String(busy),
        DEMO_SERVICE_URL: 'https://service.example/2025-10-13',
        DEMO_CLIENT_ID: 'id',
        DEMO_CLIENT_SECRET: 'secret',
      }),
    ).toContain('set DEMO_SIGNER_PORT to a free port')
  })

  it('says which setting does not parse', async () => {
    expect(await demoStartupProblem({ DEMO_PORT: 'abc' })).toMatch(/^DEMO_PORT is not a port number: abc\./)
    expect(await demoStartupProblem({ DEMO_PORT: String(await freePort()), DEMO_SANDBOX_PORT: 'x' })).toMatch(
      /^DEMO_SANDBOX_PORT is not a port number/,
    )
    const port = String(await freePort())
    const signerPort = String(await freePort())
    expect(
      await demoStartupProblem({ DEMO_PORT: port, DEMO_SANDBOX_PORT: port, DEMO_SIGNER_PORT: signerPort }),
    ).toMatch(/set DEMO_SANDBOX_PORT to another port/)
    expect(await demoStartupProblem({ DEMO_PORT: port, DEMO_SIGNER_PORT: port })).toMatch(
      /^DEMO_PORT and DEMO_SIGNER_PORT are both \d+: set DEMO_SIGNER_PORT to another port\.$/,
    )
    expect(await demoStartupProblem({ DEMO_PORT: port, DEMO_SIGNER_PORT: '0' })).toMatch(
      /^DEMO_SIGNER_PORT is not a port number/,
    )
  })

  it('is undefined when the ports are free', async () => {
    expect(
      await demoStartupProblem({
        DEMO_PORT: String(await freePort()),
        DEMO_SANDBOX_PORT: String(await freePort()),
        DEMO_SIGNER_PORT: String(await freePort()),
      }),
    ).toBeUndefined()
    expect(await portInUse(await occupy())).toBe(true)
  })
})
