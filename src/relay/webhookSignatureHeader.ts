/**
 * The header the sandbox signs its webhooks in by default, and the one `verifyWebhook` and the
 * testing entry's receiver read unless told otherwise (the real service's is `X-Grid-Signature`).
 *
 * @example
 * ```ts
 * const signature = request.headers.get(WEBHOOK_SIGNATURE_HEADER)
 * ```
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Service-Signature'
