// The page the runner loads in each engine: it lists the scenarios and runs one step of one, and
// answers a result the driver can carry (WebDriver returns JSON, never an Error).
import { createTab } from '../browser/tabAgent.js'
import type { EngineName } from './scenario.js'
import { SCENARIOS } from './scenarios.js'

/**
 * What a step answers the runner.
 *
 * @example
 * ```ts
 * const failed: StepResult = { ok: false, error: 'Error: the key saved before the reload is gone' }
 * ```
 */
export type StepResult = { ok: true; value: unknown } | { ok: false; error: string }

/**
 * The page's interface to the runner, on `window.engineScenarios`.
 *
 * @example
 * ```ts
 * const list = window.engineScenarios.list('webkit')
 * ```
 */
export const engineScenarios = {
  list: (engine: EngineName) =>
    SCENARIOS.filter((scenario) => scenario.engines?.includes(engine) ?? true).map((scenario) => ({
      name: scenario.name,
      steps: scenario.steps.length,
    })),
  run: async (name: string, step: number, input: unknown): Promise<StepResult> => {
    const run = SCENARIOS.find((scenario) => scenario.name === name)?.steps[step]
    if (!run) return { ok: false, error: `no step ${step} in scenario "${name}"` }
    try {
      return { ok: true, value: (await run(input)) ?? null }
    } catch (error) {
      const code = (error as { code?: unknown }).code
      const said = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      return { ok: false, error: `${said}${code === undefined ? '' : ` (code ${String(code)})`}` }
    }
  },
}

declare global {
  interface Window {
    engineScenarios?: typeof engineScenarios
    /** A client in this document, for a scenario in another document of the same origin (the parent). */
    engineCreateTab?: typeof createTab
  }
}

window.engineScenarios = engineScenarios
window.engineCreateTab = createTab
