// Node side: a test hands its figures to the reporter that writes test/RELIABILITY.md.
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { RELIABILITY_CACHE, type ReliabilitySection } from './reliabilitySection.js'

/** Saves `section` for this run's test/RELIABILITY.md (browser tests: the `recordReliability` command). */
export async function recordReliability(section: ReliabilitySection): Promise<void> {
  await mkdir(RELIABILITY_CACHE, { recursive: true })
  const file = `${section.area}--${section.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}.json`
  await writeFile(join(RELIABILITY_CACHE, file), `${JSON.stringify(section, null, 2)}\n`)
}
