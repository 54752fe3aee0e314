// Which run a BENCHMARKS.md describes, from the first line of its header list
// (`- <ISO date>; commit <commit>; Node …`; documents written before the commit was recorded lack it).

const RUN_LINE = /^- (\d{4}-\d\d-\d\dT[\d:.]+Z);(?: commit ([^;]+);)?/m

/** `{ date, commit }` of the run `markdown` describes (`commit` undefined when not recorded), or undefined. */
export function previousRun(markdown) {
  const match = RUN_LINE.exec(markdown)
  if (!match) return undefined
  return { date: match[1], commit: match[2] }
}
