// WebDriver's Perform Actions input for the person's keyboard and mouse, the same in every driver.

/**
 * The `actions` of a Perform Actions command that press and release each character of `keys`
 * in turn (`'\uE004'` is Tab, `'\uE007'` Enter: WebDriver's key codes).
 *
 * @example
 * ```js
 * await send('WebDriver:PerformActions', { actions: keyActions('000000') })
 * ```
 * @param {string} keys
 */
export function keyActions(keys) {
  return [
    {
      type: 'key',
      id: 'keyboard',
      actions: [...keys].flatMap((value) => [
        { type: 'keyDown', value },
        { type: 'keyUp', value },
      ]),
    },
  ]
}

/**
 * The `actions` of a Perform Actions command that move the mouse to (`x`, `y`) in the viewport,
 * then press and release its main button there.
 *
 * @example
 * ```js
 * await send('WebDriver:PerformActions', { actions: clickActions(120, 300) })
 * ```
 * @param {number} x
 * @param {number} y
 */
export function clickActions(x, y) {
  return [
    {
      type: 'pointer',
      id: 'mouse',
      parameters: { pointerType: 'mouse' },
      actions: [
        { type: 'pointerMove', origin: 'viewport', x: Math.round(x), y: Math.round(y) },
        { type: 'pointerDown', button: 0 },
        { type: 'pointerUp', button: 0 },
      ],
    },
  ]
}
