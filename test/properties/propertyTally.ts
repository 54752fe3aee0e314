// Runs fast-check properties for one test file and keeps the counts that file records in
// test/RELIABILITY.md: every property checked, the cases fast-check generated, the byte flips tried
// per format and the failures found (a failing property also fails its test, with the shrunk case).
import fc from 'fast-check'
import { recordReliability } from '../reliability/recordReliability.js'

/** The properties of one file, with what they tried. */
export interface PropertyTally {
  /** Runs `property` (sync or async) and fails the calling test with fast-check's report. */
  check<Ts>(name: string, property: fc.IProperty<Ts> | fc.IAsyncProperty<Ts>, numRuns: number): Promise<void>
  /** Counts `count` byte flips tried against `format` (all of them detected, or the test failed). */
  flips(format: string, count: number): void
  /** Counts cases a test enumerated itself (exhaustive sweeps, fixed tables) under `name`. */
  enumerated(name: string, count: number): void
  /** Counts flips that left what is trusted unchanged (hex case, unsigned `version`...). */
  benign(format: string, count: number): void
  /** Names a bug a property found, fixed since and pinned by a regression test. */
  fixedBug(description: string): void
  /** Writes the section; call from `afterAll`. */
  record(section: { name: string; tried: string; covered: readonly string[] }): Promise<void>
}

export function createPropertyTally(): PropertyTally {
  const properties: string[] = []
  const flips = new Map<string, number>()
  const benign = new Map<string, number>()
  const fixedBugs: string[] = []
  let cases = 0
  let failures = 0
  const add = (map: Map<string, number>, key: string, count: number) =>
    map.set(key, (map.get(key) ?? 0) + count)
  return {
    async check(name, property, numRuns) {
      properties.push(name)
      const details = await fc.check(property as fc.IAsyncProperty<unknown>, { numRuns })
      cases += details.numRuns + details.numSkips
      if (details.failed) {
        failures++
        throw new Error(`Property "${name}" failed.\n${fc.defaultReportMessage(details)}`)
      }
    },
    flips: (format, count) => add(flips, format, count),
    benign: (format, count) => add(benign, format, count),
    fixedBug: (description) => fixedBugs.push(description),
    enumerated(name, count) {
      properties.push(name)
      cases += count
    },
    async record({ name, tried, covered }) {
      const figures: [string, string | number][] = [
        ['properties checked', properties.length],
        ['cases generated', cases],
        ...[...flips].map(([format, count]): [string, number] => [`byte flips tried: ${format}`, count]),
        ...[...benign].map(([format, count]): [string, number] => [
          `flips accepted as unchanged content: ${format}`,
          count,
        ]),
        ['failures found', failures],
        ...(fixedBugs.length > 0
          ? [['bugs found, fixed and pinned by regression tests', fixedBugs.join('; ')] as [string, string]]
          : []),
        [`decoders covered (${covered.length})`, covered.join(', ')],
      ]
      await recordReliability({
        area: 'properties',
        name,
        tried,
        figures,
        outcome:
          (failures === 0
            ? `All ${properties.length} properties held over ${cases} cases` +
              (flips.size > 0 ? '; every byte flip that changed trusted content was refused.' : '.')
            : `${failures} of ${properties.length} properties failed: see the test output for the shrunk cases.`) +
          (fixedBugs.length > 0 ? ` ${fixedBugs.length} bug(s) found were fixed and are pinned.` : ''),
        lost: failures,
      })
    },
  }
}
