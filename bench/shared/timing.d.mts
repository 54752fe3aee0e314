/** Types of timing.mjs, for the tests that import it. */
export interface Stats {
  n: number
  medianUs: number
  p95Us: number
  meanUs: number
  iqmUs: number
}
export declare function quantile(sorted: number[], q: number): number
export declare function stats(samples: number[]): Stats
export interface Counts {
  iterations: number
  warmup: number
  batch: number
}
export declare function timeAlternating<Name extends string>(
  ops: Record<Name, () => unknown>,
  counts: Counts,
): Promise<Record<Name, { ms: number[]; results: unknown[] }>>
export declare function timeOps<Name extends string>(
  ops: Record<Name, () => unknown>,
  counts: Counts,
): Promise<Record<Name, Stats>>
export declare function bulkUs(fn: () => unknown, count?: number): number
export declare function timerResolutionUs(): number
