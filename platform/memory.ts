import v8 from 'node:v8'
import vm from 'node:vm'

let collector: (() => void) | null | undefined
/** A heap growth limit to apply with the next `collectGarbage()` (`limitHeapGrowth`, `atNextCollection`). */
let pendingGrowth: number | null = null

/**
 * A full garbage collection now. Loading the catalog parses some 200 MB of JSON rows into about 75 MB of indexes;
 * V8 left the rest as garbage in a grown heap for as long as nothing else allocated much (the process held about
 * 220 MB more at rest than it used). Collected at once, the freed pages go back to the system within seconds.
 * Node offers `gc()` only under `--expose-gc`; the flag is set here and the function taken from a new context, which
 * is the documented way to set a V8 flag at run time (`v8.setFlagsFromString`). Returns false where that fails.
 */
export function collectGarbage(): boolean {
  if (pendingGrowth !== null) setHeapGrowth(pendingGrowth)
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

/**
 * How far V8 lets the heap grow past what was live at the last full collection before it collects again: 1.3×.
 * V8 picks up to 4× when the process may use a large heap (the all-in-one process sets no heap limit), and through a
 * Forge snapshot the heap then filled with the order pages' garbage: 445 MB of heap at the peak for some 100 MB live,
 * 885 MB RSS in all. 1.3× is what V8 itself picks for the 256 MB heaps of the split ingest and pipelines processes;
 * unlike a heap limit it never ends the process. V8 reads this flag at each collection, so setting it at run time
 * works (measured); `--heap-growing-percent` on the command line or in NODE_OPTIONS takes precedence.
 *
 * `atNextCollection`: from the next `collectGarbage()` on, the one after the catalog's load. Set before the load, the
 * limit cost the start 0.5-0.8 CPU seconds (a dozen more collections of a heap growing to some 250 MB of parsed
 * rows) and pushed the first page past 2 s; set after the api listens, it took effect only at V8's next own full
 * collection, once the first snapshot had already grown the heap. If no such collection comes (no catalog to load,
 * or no `--expose-gc`), a later call without it sets the limit.
 */
export const HEAP_GROWING_PERCENT = 30

export function limitHeapGrowth(options: { atNextCollection?: boolean } = {}, percent = HEAP_GROWING_PERCENT): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) => a.startsWith('--heap-growing-percent'))
  if (given) return
  if (options.atNextCollection && pendingGrowth === null && collector !== null) pendingGrowth = percent
  else setHeapGrowth(percent)
}

function setHeapGrowth(percent: number): void {
  pendingGrowth = null
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`)
}
