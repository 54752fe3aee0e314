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
      let end = i + 1
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1
      const literal = text.slice(i, end + 1)
      i = end + 1
      let next = i
      while (JSON_WHITESPACE.has(text[next] as string)) next++
      const names = open.at(-1)
      // In valid JSON only a member name is followed by a colon.
      if (text[next] === ':' && names) {
        const name = JSON.parse(literal) as string
        if (names.has(name)) return name
        names.add(name)
      }
    } else {
      i++
    }
  }
  return undefined
}
