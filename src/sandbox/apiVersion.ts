/**
 * The API version, the last segment of every path.
 *
 * @example
 * ```ts
 * const baseUrl = `http://localhost:8787/${API_VERSION}`
 * ```
 */
export const API_VERSION = '2025-10-13'
