// Old figures beside new ones in BENCHMARKS.md. bench/out/ is not committed, so the figures a run
// replaces are the tables of the BENCHMARKS.md it overwrites: each table of the new document is
// matched with the previous document's table of the same section and first column, each row by its
// label, each column by its header.

const WAS = /\s\(was .*\)$/

/** A cell's figure alone: without bold and without the previous figure a comparison added. */
const bare = (cell) => cell.replace(WAS, '').replaceAll('**', '').trim()

const cellsOf = (line) =>
  line
    .slice(1, -1)
    .split('|')
    .map((cell) => cell.trim())

/** Row label → its cells, the nth row of a repeated label under `label#n`. */
function rowsByLabel(rows) {
  const seen = new Map()
  const byLabel = new Map()
  for (const cells of rows) {
    const label = bare(cells[0])
    const n = seen.get(label) ?? 0
    seen.set(label, n + 1)
    byLabel.set(`${label}#${n}`, cells)
  }
  return byLabel
}

/**
 * Each table of `markdown`, as `{ start, section, header, rows }` (`start`: its first line's index;
 * `rows`: the cells of each line after the separator).
 */
export function markdownTables(markdown) {
  const lines = markdown.split('\n')
  const tables = []
  let section = ''
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('## ')) section = lines[i]
    if (!lines[i].startsWith('|') || lines[i - 1]?.startsWith('|')) continue
    let end = i
    while (lines[end + 1]?.startsWith('|')) end++
    const [header, , ...rows] = lines.slice(i, end + 1).map(cellsOf)
    tables.push({ start: i, section, header, rows })
  }
  return tables
}

/** `table` with `(was …)` after each cell of the compared columns: the figure of `old`, or `–`. */
function compareTable(table, old, columns) {
  const oldRows = old ? rowsByLabel(old.rows) : new Map()
  // Per column: undefined when not compared, else its index in `old` (-1: `old` lacks it).
  const oldIndex = table.header.map((name, i) =>
    i > 0 && columns.has(name) ? (old?.header.indexOf(name) ?? -1) : undefined,
  )
  const labels = [...rowsByLabel(table.rows).keys()]
  return table.rows.map((cells, r) => {
    const before = oldRows.get(labels[r])
    return cells.map((cell, i) => {
      const at = oldIndex[i]
      if (at === undefined || cell === '') return cell
      return `${cell} (was ${before?.[at] ? bare(before[at]) : '–'})`
    })
  })
}

/**
 * `markdown` with the figure of `previous` (the BENCHMARKS.md it replaces) in brackets after each
 * figure of the `columns` (header names) of its tables: `new (was old)`, or `new (was –)` where the
 * previous document has no such table, row or column (a figure it did not record).
 */
export function besideBefore(markdown, previous, { columns }) {
  const wanted = new Set(columns)
  const oldTables = markdownTables(previous)
  const lines = markdown.split('\n')
  for (const table of markdownTables(markdown)) {
    const old = oldTables.find((t) => t.section === table.section && t.header[0] === table.header[0])
    compareTable(table, old, wanted).forEach((cells, r) => {
      lines[table.start + 2 + r] = `| ${cells.join(' | ')} |`
    })
  }
  return lines.join('\n')
}
