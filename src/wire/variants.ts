import * as z from 'zod/mini'

/**
 * An object discriminated by `key` whose known variants are checked and whose unknown ones pass
 * as they are (wire-formats section 12: a new `accountType` or `sourceType` must not fail a quote).
 * Failures keep readable paths, e.g. `accountOrWalletInfo.qrCode`. `common` lists the members
 * every variant has, known or not.
 *
 * @example
 * ```ts
 * const Source = variants('sourceType', { ACCOUNT: z.looseObject({ accountId: z.string() }) })
 * ```
 */
export function variants<
  const Key extends string,
  const Shape extends z.core.$ZodLooseShape = Record<never, never>,
>(key: Key, known: Record<string, z.ZodMiniType>, common?: Shape) {
  return z.looseObject({ ...common, [key]: z.string() } as Shape & { [K in Key]: z.ZodMiniString }).check(
    z.superRefine((value, ctx) => {
      // Own members only: a tag such as `constructor` or `__proto__` must read as an unknown variant.
      const tag = value[key] as string
      const variant = Object.hasOwn(known, tag) ? known[tag] : undefined
      const result = variant?.safeParse(value)
      if (!result || result.success) return
      for (const issue of result.error.issues) {
        ctx.issues.push({ ...issue, input: value } as (typeof ctx.issues)[number])
      }
    }),
  )
}
