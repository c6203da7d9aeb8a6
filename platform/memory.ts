import v8 from 'node:v8'
import vm from 'node:vm'

let collector: (() => void) | null | undefined

/**
 * A full garbage collection now. Loading the catalog parses some 200 MB of JSON rows into about 75 MB of indexes;
 * V8 left the rest as garbage in a grown heap for as long as nothing else allocated much (the process held about
 * 220 MB more at rest than it used). Collected at once, the freed pages go back to the system within seconds.
 * Node offers `gc()` only under `--expose-gc`; the flag is set here and the function taken from a new context, which
 * is the documented way to set a V8 flag at run time (`v8.setFlagsFromString`). Returns false where that fails.
 */
export function collectGarbage(): boolean {
  if (collector === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc')
      collector = vm.runInNewContext('gc') as () => void
    } catch {
      collector = null
    }
  }
  collector?.()
  return collector !== null
}
