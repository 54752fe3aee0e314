import type * as z from 'zod'

/** One operation of the service's contract, as far as the sandbox serves it. */
export interface ContractRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** The OpenAPI path template under the version segment, e.g. `/quotes/{quoteId}/execute`. */
  path: string
  /**
   * Each success status the operation documents, with the schema of its body (`null` for a
   * status documented without a body, such as 204).
   */
  responses: Partial<Record<number, z.ZodType | null>>
  /**
   * The error statuses the operation documents. Their bodies are checked against the error codes
   * of `errorCodes.ts`; 401 (HTTP Basic) and 500 apply to every operation and need not be listed.
   */
  errors: readonly number[]
}
