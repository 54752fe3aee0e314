// The steps of a guide's path as its reader follows them: its fenced blocks from one heading to
// the end of another's section, in order, each a shell block (commands to type), a file (a block
// whose first line is a comment naming it) or a shell block of servers to leave running.

/**
 * @typedef {{ kind: 'shell', heading: string, lines: string[] }
 *   | { kind: 'file', heading: string, name: string, text: string }} GuideStep
 */

/**
 * The fenced blocks of `markdown`, each with the heading it sits under and that heading's level.
 *
 * @param {string} markdown
 * @returns {{ heading: string, level: number, lang: string, code: string }[]}
 */
function fencedBlocks(markdown) {
  const blocks = []
  const lines = markdown.split('\n')
  let heading = ''
  let level = 0
  for (let index = 0; index < lines.length; index++) {
    const title = /^(#{1,6}) (.*)$/.exec(lines[index] ?? '')
    if (title) {
      heading = title[2] ?? ''
      level = title[1]?.length ?? 0
      continue
    }
    const fence = /^```(\w*)\s*$/.exec(lines[index] ?? '')
    if (!fence) continue
    const body = []
    for (index++; index < lines.length && !/^```\s*$/.test(lines[index] ?? ''); index++)
      body.push(lines[index])
    blocks.push({ heading, level, lang: fence[1] ?? '', code: `${body.join('\n')}\n` })
  }
  return blocks
}

/** The file a block is, from its first line: `// server.mjs: …`, `// main.ts`, `<!-- index.html -->`. */
function fileName(code) {
  return /^(?:\/\/|<!--)\s*([\w.-]+\.\w+)\b/.exec(code)?.[1]
}

/**
 * The steps under the headings from `first` up to and including `last` (exact heading texts, in
 * the guide's order), in order. A block that is neither shell nor a named file is an error: the
 * reader would not know what to do with it either.
 *
 * @param {string} markdown
 * @param {{ first: string, last: string }} range
 * @returns {GuideStep[]}
 */
export function guideSteps(markdown, { first, last }) {
  const blocks = fencedBlocks(markdown)
  const headings = [...markdown.matchAll(/^(#{1,6}) (.*)$/gm)].map((match) => match[2])
  const from = headings.indexOf(first)
  const to = headings.indexOf(last)
  if (from === -1 || to === -1 || to < from)
    throw new Error(`the guide has no headings "${first}" … "${last}"`)
  const inRange = new Set(headings.slice(from, to + 1))
  /** @type {GuideStep[]} */
  const steps = []
  for (const block of blocks) {
    if (!inRange.has(block.heading)) continue
    if (block.lang === 'sh' || block.lang === 'bash') {
      const lines = block.code.split('\n').filter((line) => line.trim() !== '')
      steps.push({ kind: 'shell', heading: block.heading, lines })
      continue
    }
    const name = fileName(block.code)
    if (!name) throw new Error(`a block under "${block.heading}" is neither a command nor a named file`)
    steps.push({ kind: 'file', heading: block.heading, name, text: block.code })
  }
  return steps
}
