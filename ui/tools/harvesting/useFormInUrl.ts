import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { readForm, writeForm, type FormSpec, type ReadForm } from './query-form'

/**
 * A form whose every field lives in the address bar (replacing the history entry, so typing does not flood Back).
 * Returns the form, a patch function, a loader for a saved query string, the current query string, and the
 * parameters of the link the page opened with that could not be read. `reconcile` (a module-level function) fixes
 * fields that are readable alone but do not go together, the same way for a link and for a saved setup.
 */
export function useFormInUrl<T extends object>(spec: FormSpec<T>, defaults: T, reconcile?: (read: ReadForm<T>, params: URLSearchParams) => ReadForm<T>) {
  const [searchParams, setSearchParams] = useSearchParams()
  const read = useCallback(
    (params: URLSearchParams) => {
      const plain = readForm(params, spec, defaults)
      return reconcile ? reconcile(plain, params) : plain
    },
    [spec, defaults, reconcile],
  )
  const [initial] = useState(() => read(searchParams))
  const [form, setForm] = useState<T>(initial.form)
  const [unreadable, setUnreadable] = useState(initial.unreadable)
  const query = useMemo(() => writeForm(form, spec).toString(), [form, spec])
  useEffect(() => {
    if (query !== searchParams.toString()) setSearchParams(query, { replace: true })
  }, [query, searchParams, setSearchParams])
  // A field set since the link was read no longer shows a default in place of the link's value: the warning drops it.
  const update = useCallback(
    (change: Partial<T>) => {
      setForm((f) => ({ ...f, ...change }))
      const changed = (Object.keys(change) as Array<keyof T>).map((key) => spec[key].param)
      setUnreadable((u) => (u.some((param) => changed.includes(param)) ? u.filter((param) => !changed.includes(param)) : u))
    },
    [spec],
  )
  const load = useCallback(
    (saved: string) => {
      const loaded = read(new URLSearchParams(saved))
      setForm(loaded.form)
      setUnreadable(loaded.unreadable)
    },
    [read],
  )
  /** Reports a field the page had to reset once it knew more (e.g. a crystal the module cannot load). */
  const markUnreadable = useCallback((param: string) => setUnreadable((u) => (u.includes(param) ? u : [...u, param])), [])
  return { form, update, load, query, unreadable, markUnreadable }
}
