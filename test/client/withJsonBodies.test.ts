import { describe, expect, it } from 'vitest'
import { withJsonBodies } from '../../src/client/withJsonBodies.js'

describe('withJsonBodies', () => {
  const seen: Request[] = []
  const transport = withJsonBodies(async (input, init) => {
    seen.push(new Request(input, init))
    return new Response(null, { status: 204 })
  })

  it('declares a string body given no type as JSON, and leaves a declared type alone', async () => {
    await transport('http://app.test/x', { method: 'PATCH', body: '{"privateEnabled":true}' })
    await transport('http://app.test/x', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
      body: '{}',
    })
    await transport('http://app.test/x', { method: 'POST' })
    expect(seen.map((request) => request.headers.get('Content-Type'))).toEqual([
      'application/json',
      'application/json; charset=utf-8',
      null,
    ])
  })
})
