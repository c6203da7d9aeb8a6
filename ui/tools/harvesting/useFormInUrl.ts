import { useCallback, useEffect, useMemo, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { readForm, writeForm, type FormSpec } from './query-form'

/**
 * A form whose every field lives in the address bar (replacing the history entry, so typing does not flood Back).
 * Returns the form, a patch function, a loader for a saved query string, the current query string, and the
 * parameters of the link the page opened with that could not be read.
 */
export function useFormInUrl<T extends object>(spec: FormSpec<T>, defaults: T) {
  const [searchParams, setSearchParams] = useSearchParams()
  const [initial] = useState(() => readForm(searchParams, spec, defaults))
  const [form, setForm] = useState<T>(initial.form)
  const [unreadable, setUnreadable] = useState(initial.unreadable)
  const query = useMemo(() => writeForm(form, spec).toString(), [form, spec])
  useEffect(() => {
    if (query !== searchParams.toString()) setSearchParams(query, { replace: true })
  }, [query, searchParams, setSearchParams])
  const update = useCallback((change: Partial<T>) => setForm((f) => ({ ...f, ...change })), [])
  const load = useCallback(
    (saved: string) => {
      const read = readForm(new URLSearchParams(saved), spec, defaults)
      setForm(read.form)
      setUnreadable(read.unreadable)
    },
    [spec, defaults],
  )
  return { form, update, load, query, unreadable }
}
