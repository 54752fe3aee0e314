const JSON_WHITESPACE = new Set([' ', '\t', '\n', '\r'])

/**
 * The first member name that appears twice in one object of `text`, which must be valid JSON
 * (`JSON.parse` accepted it), compared after unescaping; `undefined` when there is none. Where
 * names repeat, parsers disagree on which value counts: the relay (which checks the body it parsed
 * but forwards the bytes) and the intent check (which reads a payload it then signs whole) refuse
 * such JSON, so the service can never act on a value they did not see.
 *
 * @example
 * ```ts
 * duplicateJsonKey('{"accountId":"A","acc\\u006funtId":"B"}') // 'accountId'
 * ```
 */
export function duplicateJsonKey(text: string): string | undefined {
  // One entry per open container: the names seen in an object, null for an array.
  const open: (Set<string> | null)[] = []
  let i = 0
  while (i < text.length) {
    const char = text[i]
    if (char === '{' || char === '[') {
      open.push(char === '{' ? new Set() : null)
      i++
    } else if (char === '}' || char === ']') {
      open.pop()
      i++
    } else if (char === '"') {
      const end = closingQuote(text, i)
      const literal = text.slice(i, end + 1)
      i = end + 1
      while (JSON_WHITESPACE.has(text[i] as string)) i++
      const names = open.at(-1)
      // In valid JSON only a member name is followed by a colon.
      if (text[i] === ':' && names) {
        const name = literal.includes('\\') ? (JSON.parse(literal) as string) : literal.slice(1, -1)
        if (names.has(name)) return name
        names.add(name)
      }
    } else {
      i++
    }
  }
  return undefined
}

/** The index of the quote that closes the string opening at `start` (valid JSON: there is one). */
function closingQuote(text: string, start: number): number {
  let end = text.indexOf('"', start + 1)
  // A quote after an odd run of backslashes is part of the string.
  for (;;) {
    let backslashes = 0
    while (text[end - 1 - backslashes] === '\\') backslashes++
    if (backslashes % 2 === 0) return end
    end = text.indexOf('"', end + 1)
  }
}
