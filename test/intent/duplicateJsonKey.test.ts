// Member names repeated in one JSON object: the relay refuses such bodies, since it forwards the
// bytes and the service's parser may keep the other value.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { duplicateJsonKey } from '../../src/intent/duplicateJsonKey.js'

describe('duplicateJsonKey', () => {
  it.each([
    ['{"a":1,"a":2}', 'a'],
    ['{"accountId":"A","acc\\u006funtId":"B"}', 'accountId'],
    ['{ "source" : { "accountId" : "A" , "accountId" : "B" } }', 'accountId'],
    ['[{"x":1},{"y":2,"y":3}]', 'y'],
    ['{"a":{"b":1},"c":[{"d":"\\"a\\":"}],"a":0}', 'a'],
    // Backslash runs before a quote: an odd run escapes it, an even one does not.
    ['{"k\\\\":1,"x":"\\\\","k\\\\":2}', 'k\\'],
    ['{"v":"a\\\\\\"b","v":0}', 'v'],
  ])('finds the repeated name in %s', (text, name) => {
    expect(duplicateJsonKey(text)).toBe(name)
  })

  it.each([
    '{"a":1,"b":{"a":2},"c":[{"a":3},{"a":4}]}',
    '{"a":"{\\"a\\":1,\\"a\\":2}","b":"a:"}',
    '["a","a"]',
    '"a"',
    '{}',
  ])('finds none in %s', (text) => {
    expect(duplicateJsonKey(text)).toBeUndefined()
  })

  it('finds none in what JSON.stringify writes, and the added one when a member is written twice', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.string(), (value, name) => {
        const text = JSON.stringify(value)
        expect(duplicateJsonKey(text)).toBeUndefined()
        const repeated = `{${JSON.stringify(name)}:${text},${JSON.stringify(name)}:null}`
        expect(duplicateJsonKey(repeated)).toBe(name)
      }),
    )
  })
})
