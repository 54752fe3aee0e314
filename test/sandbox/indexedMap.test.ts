// The sandbox store's secondary indexes: a record is found under its keys exactly while it is stored.
import { describe, expect, it } from 'vitest'
import { IndexedMap } from '../../src/sandbox/indexedMap.js'

interface Row {
  id: string
  owner: string
  tag?: string
}

const rows = () => new IndexedMap<Row, 'owner' | 'tag'>({ owner: (row) => row.owner, tag: (row) => row.tag })

describe('IndexedMap', () => {
  it('files records under each key, in the order they were stored, and skips undefined keys', () => {
    const map = rows()
    const a = { id: 'a', owner: 'x', tag: 't' }
    const b = { id: 'b', owner: 'y' }
    const c = { id: 'c', owner: 'x' }
    for (const row of [a, b, c]) map.set(row.id, row)
    expect(map.where('owner', 'x')).toEqual([a, c])
    expect(map.where('owner', 'y')).toEqual([b])
    expect(map.where('tag', 't')).toEqual([a])
    expect(map.where('owner', 'nobody')).toEqual([])
    expect([...map.values()]).toEqual([a, b, c])
  })

  it('unfiles a deleted record and drops empty groups', () => {
    const map = rows()
    const a = { id: 'a', owner: 'x', tag: 't' }
    map.set('a', a).set('c', { id: 'c', owner: 'x' })
    expect(map.delete('a')).toBe(true)
    expect(map.delete('a')).toBe(false)
    expect(map.where('owner', 'x').map((row) => row.id)).toEqual(['c'])
    expect(map.where('tag', 't')).toEqual([])
    map.clear()
    expect(map.size).toBe(0)
    expect(map.where('owner', 'x')).toEqual([])
  })

  it('set again: same key keeps its place, a new key moves the record', () => {
    const map = rows()
    map.set('a', { id: 'a', owner: 'x' }).set('c', { id: 'c', owner: 'x' })
    const a2 = { id: 'a', owner: 'x', tag: 'new' }
    map.set('a', a2)
    expect(map.where('owner', 'x')).toEqual([a2, { id: 'c', owner: 'x' }])
    expect(map.where('tag', 'new')).toEqual([a2])
    map.set('a', { id: 'a', owner: 'z' })
    expect(map.where('owner', 'x').map((row) => row.id)).toEqual(['c'])
    expect(map.where('owner', 'z').map((row) => row.id)).toEqual(['a'])
    expect(map.where('tag', 'new')).toEqual([])
  })
})
