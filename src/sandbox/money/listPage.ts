import type { Context } from 'hono'
import { invalidInput } from '../sandboxError.js'

const DEFAULT_LIMIT = 20
const MAX_LIMIT = 100

/** One page of a list answer, as the contract's list responses have it. */
export interface ListPage<T> {
  data: T[]
  hasMore: boolean
  nextCursor?: string
  totalCount: number
}

/**
 * One page of `items` by the request's `limit` (1 to 100, default 20) and `cursor` (the
 * `nextCursor` of the page before), or 400 `INVALID_INPUT` for either out of range.
 *
 * @example
 * ```ts
 * return c.json(listPage(c, accounts.map(accountView)))
 * ```
 */
export function listPage<T>(c: Context, items: readonly T[]): ListPage<T> {
  const limitText = c.req.query('limit')
  const cursorText = c.req.query('cursor')
  const limit = limitText === undefined ? DEFAULT_LIMIT : Number(limitText)
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw invalidInput(`limit must be an integer from 1 to ${MAX_LIMIT}.`)
  }
  const start = cursorText === undefined ? 0 : Number(cursorText)
  if (!Number.isInteger(start) || start < 0 || (cursorText !== undefined && !/^\d+$/.test(cursorText))) {
    throw invalidInput('cursor is not one this list gave.')
  }
  const data = items.slice(start, start + limit)
  const hasMore = start + limit < items.length
  return {
    data,
    hasMore,
    ...(hasMore ? { nextCursor: String(start + limit) } : {}),
    totalCount: items.length,
  }
}
