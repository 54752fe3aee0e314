// Every public export is documented: values (functions, classes, schemas, constants) with an
// `@example`, types and interfaces with at least a summary.
import { describe, expect, it } from 'vitest'
import { type PublicExport, publicExports } from '../docs/publicExports.js'

// Every export of every public entry of the package (package.json's exports), as the site's
// reference documents them.
function undocumented(): { missingExample: string[]; missingSummary: string[] } {
  const exports = [...publicExports().values()].flat()
  const names = (missing: (exported: PublicExport) => boolean) =>
    [...new Set(exports.filter(missing).map((exported) => exported.name))].sort()
  return {
    missingExample: names((exported) => exported.isValue && exported.example === ''),
    missingSummary: names((exported) => exported.summary === ''),
  }
}

describe('public API documentation', () => {
  it('has a summary on every export and an @example on every exported value', () => {
    expect(undocumented()).toEqual({ missingExample: [], missingSummary: [] })
  }, 30_000) // builds a TypeScript program of the whole kit
})
