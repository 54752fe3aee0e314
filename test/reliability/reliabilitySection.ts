/** The areas of test/RELIABILITY.md, in the order the file lists them (issue 7's list). */
export const RELIABILITY_AREAS = [
  'properties',
  'fuzzing',
  'concurrency',
  'tabs',
  'storage',
  'time',
  'load',
] as const

/** One part of the figures file, written by the suite that measured it. */
export interface ReliabilitySection {
  area: (typeof RELIABILITY_AREAS)[number]
  /** Names the test that wrote it; an area may have several sections. */
  name: string
  /** What was tried, in a sentence (the cases, how they were made). */
  tried: string
  /** Faults injected, if any, in a sentence. */
  faults?: string
  /** Figures: label and value, e.g. ['requests sent', 10000]. */
  figures: [string, string | number][]
  /** What came out, in a sentence. */
  outcome: string
  /** What was lost (sessions, actions, records): 0 is the goal. */
  lost: number
}

/** Where sections wait for the reporter (outside the repository's tracked files). */
export const RELIABILITY_CACHE = 'node_modules/.cache/reliability'
