// The page side of the guard's CSP check: an init script (not subject to the page's own policy)
// that tells the test's process about each `securitypolicyviolation`, in every frame, as it happens.

/** The binding the init script calls; exposed on each guarded context. */
export const CSP_BINDING = '__walletGuardCspViolation'

/**
 * The init script: reports each violation of the document's Content-Security-Policy (enforced or
 * report-only) through `binding`. Runs in the page, so it takes the binding's name as its argument.
 */
export function recordCspViolations(binding: string): void {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = (window as unknown as Record<string, (text: string) => void>)[binding]
    const mode = event.disposition === 'report' ? ' (report-only)' : ''
    report?.(
      `${event.effectiveDirective}${mode} blocked ${event.blockedURI || 'inline'} on ${event.documentURI} (${event.sourceFile || 'page'}:${event.lineNumber})`,
    )
  })
}
