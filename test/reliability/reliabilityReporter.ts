// A Vitest reporter: at the end of a run, the sections the reliability tests recorded become
// test/RELIABILITY.md, so the figures file always says what the last full run tried and found.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Reporter } from 'vitest/reporters'
import { RELIABILITY_AREAS, RELIABILITY_CACHE, type ReliabilitySection } from './reliabilitySection.js'

const OUTPUT = 'test/RELIABILITY.md'

const TITLES: Record<ReliabilitySection['area'], string> = {
  properties: 'Property-based tests of every parser and decoder',
  fuzzing: 'Sandbox fuzzing',
  concurrency: 'Concurrency',
  tabs: 'Many tabs',
  storage: 'Storage faults',
  time: 'Clock skew and expiry',
  load: 'Load',
}

async function readSections(): Promise<ReliabilitySection[]> {
  const files = await readdir(RELIABILITY_CACHE).catch(() => [] as string[])
  const sections: ReliabilitySection[] = []
  for (const file of files.filter((name) => name.endsWith('.json')).sort()) {
    sections.push(JSON.parse(await readFile(join(RELIABILITY_CACHE, file), 'utf8')))
  }
  return sections
}

function render(sections: ReliabilitySection[]): string {
  const lost = sections.reduce((sum, section) => sum + section.lost, 0)
  const lines = [
    '# Reliability figures',
    '',
    'Written by the test suite (`npm test`, test/reliability/reliabilityReporter.ts) from what each',
    'reliability test tried and measured in its last run. Do not edit by hand.',
    '',
    `Last run: ${new Date().toISOString()}. ${sections.length} sections; ` +
      (lost === 0 ? '**nothing was lost**.' : `**${lost} items lost**: see the sections below.`),
  ]
  for (const area of RELIABILITY_AREAS) {
    lines.push('', `## ${TITLES[area]}`)
    const inArea = sections.filter((section) => section.area === area)
    for (const section of inArea) {
      lines.push('', `### ${section.name}`, '', `Tried: ${section.tried}`)
      if (section.faults) lines.push('', `Faults injected: ${section.faults}`)
      lines.push('', '| figure | value |', '| --- | ---: |')
      for (const [label, value] of section.figures) lines.push(`| ${label} | ${value} |`)
      lines.push(`| lost | ${section.lost} |`, '', `Outcome: ${section.outcome}`)
    }
  }
  return `${lines.join('\n')}\n`
}

/**
 * Clears last run's sections at the start; at the end of a run that covered every area (a full
 * `npm test`, not a single file), rewrites test/RELIABILITY.md.
 */
export default class ReliabilityReporter implements Reporter {
  async onInit() {
    await rm(RELIABILITY_CACHE, { recursive: true, force: true })
    await mkdir(RELIABILITY_CACHE, { recursive: true })
  }

  async onTestRunEnd() {
    const sections = await readSections()
    const covered = new Set(sections.map((section) => section.area))
    if (!RELIABILITY_AREAS.every((area) => covered.has(area))) return
    await writeFile(OUTPUT, render(sections))
  }
}
