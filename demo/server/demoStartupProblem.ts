import { createServer } from 'node:net'
import { readBackendConfig } from './backendConfig.js'

/** The page's port when `DEMO_PORT` is not set. */
export const DEFAULT_DEMO_PORT = 5173

/** Whether something already listens on `host:port` (tried by listening there for a moment). */
export function portInUse(port: number, host = 'localhost'): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE' || error.code === 'EACCES') resolve(true)
      else reject(error)
    })
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(false)))
  })
}

/** The sentence for a busy port: which port, and which variable moves it. */
export function portBusySentence(port: number, variable: string): string {
  return `Port ${port} is already in use: stop what uses it, or set ${variable} to a free port (${variable}=${port + 1} npm run demo).`
}

/**
 * What stops `npm run demo` from starting, as one sentence naming the variable to set (no stack
 * trace): a setting that does not parse (`readBackendConfig`), or a busy port, the page's
 * (`DEMO_PORT`), the signer document's (`DEMO_SIGNER_PORT`) or the local sandbox's (`DEMO_SANDBOX_PORT`). `undefined` when it can start.
 *
 * @example
 * ```ts
 * const problem = await demoStartupProblem(process.env)
 * if (problem) { console.error(problem); process.exit(1) }
 * ```
 */
export async function demoStartupProblem(env: NodeJS.ProcessEnv = process.env): Promise<string | undefined> {
  const pageSetting = env.DEMO_PORT?.trim() || String(DEFAULT_DEMO_PORT)
  const pagePort = Number(pageSetting)
  if (!/^\d+$/.test(pageSetting) || pagePort < 1 || pagePort > 65535) {
    return `DEMO_PORT is not a port number: ${pageSetting}. Set DEMO_PORT to a number from 1 to 65535.`
  }
  let config: ReturnType<typeof readBackendConfig>
  try {
    config = readBackendConfig(env)
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
  const ports: [number, string][] = [
    [pagePort, 'DEMO_PORT'],
    [config.signerPort, 'DEMO_SIGNER_PORT'],
  ]
  if (config.mode === 'sandbox') ports.push([config.sandboxPort, 'DEMO_SANDBOX_PORT'])
  for (const [index, [port, variable]] of ports.entries()) {
    const earlier = ports.slice(0, index).find(([other]) => other === port)
    if (earlier) return `${earlier[1]} and ${variable} are both ${port}: set ${variable} to another port.`
  }
  for (const [port, variable] of ports) {
    if (await portInUse(port)) return portBusySentence(port, variable)
  }
  return undefined
}
