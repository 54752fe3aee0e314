/**
 * The engines the cross-engine runner drives (Chromium runs the Vitest browser tests).
 *
 * @example
 * ```ts
 * const engines: EngineName[] = ['firefox']
 * ```
 */
export type EngineName = 'firefox' | 'webkit'

/**
 * A scenario written once and run in every engine it names. Each step runs in a freshly loaded
 * page (so a second step sees what survives a reload); what one step answers is the next one's input.
 *
 * @example
 * ```ts
 * const scenario: Scenario = { name: 'a stamp verifies', steps: [async () => checkStamp()] }
 * ```
 */
export interface Scenario {
  name: string
  /** Default: every engine. */
  engines?: readonly EngineName[]
  steps: ReadonlyArray<(input: unknown) => Promise<unknown>>
}
