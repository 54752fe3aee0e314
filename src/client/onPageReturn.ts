/**
 * Calls `listener` whenever the page may have been away from its timers: shown again
 * (`visibilitychange` to visible, `pageshow` from the back-forward cache), focused, or back
 * online. Where there is no document (a web worker) or no window, only what exists is listened to.
 * Returns the function that removes the listeners.
 *
 * @example
 * ```ts
 * const stop = onPageReturn(() => void checkSession())
 * window.addEventListener('pagehide', stop)
 * ```
 */
export function onPageReturn(listener: () => void): () => void {
  const document = globalThis.document
  const onVisibility = () => {
    if (document?.visibilityState === 'visible') listener()
  }
  const onEvent = () => listener()
  // A worker's global scope has addEventListener (and `online`), Node's has none.
  const global = typeof globalThis.addEventListener === 'function' ? globalThis : undefined
  document?.addEventListener?.('visibilitychange', onVisibility)
  for (const type of ['pageshow', 'focus', 'online']) global?.addEventListener(type, onEvent)
  return () => {
    document?.removeEventListener?.('visibilitychange', onVisibility)
    for (const type of ['pageshow', 'focus', 'online']) global?.removeEventListener(type, onEvent)
  }
}
