/** localStorage that never throws (private mode, disabled storage): reads fall back, writes are best effort. */
export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key)
  } catch {
    return null
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value)
  } catch {
    /* storage unavailable: the setting lasts for this page only */
  }
}
