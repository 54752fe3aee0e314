// Every public export is documented: values (functions, classes, schemas, constants) with an
// `@example`, types and interfaces with at least a summary.
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { publicEntries } from './docs/publicExports.js'

// Every public entry of the package (package.json's exports), as the site's reference documents them.
const ENTRIES = [...publicEntries().values()]

function undocumented(): { missingExample: string[]; missingSummary: string[] } {
  const program = ts.createProgram(ENTRIES, { strict: true, noEmit: true, skipLibCheck: true })
  const checker = program.getTypeChecker()
  const missingExample = new Set<string>()
  const missingSummary = new Set<string>()
  for (const entry of ENTRIES) {
    const source = program.getSourceFile(entry)
    const moduleSymbol = source && checker.getSymbolAtLocation(source)
    if (!moduleSymbol) throw new Error(`cannot read ${entry}`)
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported
      const isValue = (symbol.flags & ts.SymbolFlags.Value) !== 0
      const summary = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim()
      const tags = symbol.getJsDocTags(checker).map((tag) => tag.name)
      if (!summary) missingSummary.add(symbol.name)
      if (isValue && !tags.includes('example')) missingExample.add(symbol.name)
    }
  }
  return { missingExample: [...missingExample].sort(), missingSummary: [...missingSummary].sort() }
}

describe('public API documentation', () => {
  it('has a summary on every export and an @example on every exported value', () => {
    expect(undocumented()).toEqual({ missingExample: [], missingSummary: [] })
  }, 30_000) // builds a TypeScript program of the whole kit
})
