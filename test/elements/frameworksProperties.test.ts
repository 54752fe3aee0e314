// React 19 and Vue 3 reach the elements' properties only when they are real properties: both set
// a prop as a property when `name in element`, else as an attribute.
import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

describe('the elements’ properties in frameworks', () => {
  // React 19 and Vue 3 set a prop as a property only when `name in element`, else as an attribute:
  // a TypeScript `declare x?: T` field makes no property, so `<wallet-otp-form credentialId={id}>`
  // would become an attribute `credentialid` the element never reads.
  it('are real properties (accessors or fields), not declare-only fields', () => {
    const declareOnly: string[] = []
    for (const name of readdirSync(`${ROOT}src/elements`).filter((file) => /^wallet\w+\.ts$/.test(file))) {
      const source = ts.createSourceFile(
        name,
        readFileSync(`${ROOT}src/elements/${name}`, 'utf8'),
        ts.ScriptTarget.ES2022,
      )
      source.forEachChild(function visit(node) {
        if (
          ts.isPropertyDeclaration(node) &&
          node.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DeclareKeyword) &&
          !node.modifiers.some(
            (m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword,
          )
        ) {
          declareOnly.push(`${name}: ${node.name.getText(source)}`)
        }
        node.forEachChild(visit)
      })
    }
    expect(declareOnly).toEqual([])
  })
})
