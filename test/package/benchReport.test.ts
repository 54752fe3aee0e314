import { describe, expect, it } from 'vitest'
import { besideBefore, markdownTables } from '../../bench/shared/besideBefore.mjs'
import { previousRun } from '../../bench/shared/previousRun.mjs'
import { quantile, stats } from '../../bench/shared/timing.mjs'

describe('bench timing', () => {
  const oneToHundred = Array.from({ length: 100 }, (_, i) => i + 1)

  it('takes a quantile as a measured sample, at rank ⌊q·n⌋', () => {
    expect(quantile(oneToHundred, 0.5)).toBe(51)
    expect(quantile(oneToHundred, 0.95)).toBe(96)
    expect(quantile([7], 0.95)).toBe(7)
  })

  it('reports the median and the p95 of unsorted samples in µs', () => {
    const shuffled = [...oneToHundred].reverse()
    expect(stats(shuffled)).toMatchObject({ n: 100, medianUs: 51_000, p95Us: 96_000 })
  })
})

const before = [
  '# bench',
  '',
  '- 2026-11-25T22:49:00.475Z; Node v20.20.2; Chromium 156 (headless)',
  '',
  '## Signing',
  '',
  '| op | median µs | × raw |',
  '| --- | ---: | ---: |',
  '| raw | 60.0 | 1.00× |',
  '| ours | **75.0** (was 80.0) | 1.25× |',
  '',
  '## Sandbox',
  '',
  '| flow | request | mean µs |',
  '| --- | --- | ---: |',
  '| OTP | challenge | 693 |',
  '| OTP | verify | 1865 |',
].join('\n')

const after = [
  '## Signing',
  '',
  '| op | median µs | p95 µs | × raw | note |',
  '| --- | ---: | ---: | ---: | --- |',
  '| raw | 55.0 | 90.0 | 1.00× | limit |',
  '| ours | **70.0** | 120.0 | 1.27× |  |',
  '| peer | 85.0 | 160.0 | 1.55× |  |',
  '',
  '## Sandbox',
  '',
  '| flow | request | mean µs |',
  '| --- | --- | ---: |',
  '| OTP | challenge | 650 |',
  '| OTP | verify | 1800 |',
  '',
  '## New section',
  '',
  '| what | median µs |',
  '| --- | ---: |',
  '| x | 1.0 |',
].join('\n')

describe('old figures beside new ones', () => {
  const columns = ['median µs', 'p95 µs', '× raw', 'mean µs']
  const compared = besideBefore(after, before, { columns })
  const table = (section: string) => markdownTables(compared).find((t) => t.section === section)

  it('puts the previous figure of the same section, row and column after each compared one', () => {
    expect(table('## Signing')?.rows).toEqual([
      ['raw', '55.0 (was 60.0)', '90.0 (was –)', '1.00× (was 1.00×)', 'limit'],
      ['ours', '**70.0** (was 75.0)', '120.0 (was –)', '1.27× (was 1.25×)', ''],
      ['peer', '85.0 (was –)', '160.0 (was –)', '1.55× (was –)', ''],
    ])
  })

  it('matches repeated row labels in order', () => {
    expect(table('## Sandbox')?.rows.map((row) => row[2])).toEqual(['650 (was 693)', '1800 (was 1865)'])
  })

  it('says “–” for a table the previous document lacks', () => {
    expect(table('## New section')?.rows).toEqual([['x', '1.0 (was –)']])
  })

  it('keeps every table well-formed and the text around them', () => {
    for (const { header, rows } of markdownTables(compared))
      for (const row of rows) expect(row).toHaveLength(header.length)
    const prose = (markdown: string) => markdown.split('\n').filter((line) => !line.startsWith('| '))
    expect(prose(compared)).toEqual(prose(after))
  })

  it('leaves a document without compared columns as it was', () => {
    expect(besideBefore(after, before, { columns: [] })).toBe(after)
  })
})

describe('the run a BENCHMARKS.md describes', () => {
  it('reads the date, and the commit where one was recorded', () => {
    expect(previousRun(before)).toEqual({ date: '2026-11-25T22:49:00.475Z', commit: undefined })
    const line = '- 2026-11-28T08:00:00.000Z; commit ca41ac0 with uncommitted changes; Node v20.20.2'
    expect(previousRun(`# bench\n\n${line}\n`)).toEqual({
      date: '2026-11-28T08:00:00.000Z',
      commit: 'ca41ac0 with uncommitted changes',
    })
  })

  it('reads nothing from a document without the run line', () => {
    expect(previousRun('# bench\n')).toBeUndefined()
  })
})
