import { useCallback, useEffect, useState } from 'react'
import type { ContactMessage, ContactMessageList } from '../../../schemas/contact'
import { formatUtc } from './admin-api'
import { ErrorLine } from './parts'
import { errorText, type AdminCall } from './useAdminCall'

const PAGE = 20

/** Messages sent through the contact form, newest first (read-only). */
export function ContactMessages({ call }: { call: AdminCall }) {
  const [messages, setMessages] = useState<ContactMessage[]>([])
  const [total, setTotal] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  const load = useCallback(
    async (offset: number) => {
      setError(null)
      try {
        const page = await call<ContactMessageList>('GET', `/api/admin/contact-messages?limit=${PAGE}&offset=${offset}`)
        setMessages((m) => (offset === 0 ? page.messages : [...m, ...page.messages]))
        setTotal(page.total)
      } catch (err) {
        setError(errorText(err))
      }
    },
    [call],
  )
  useEffect(() => void load(0), [load])

  return (
    <>
      {total === 0 && <p className="muted">No messages.</p>}
      <ul className="messages" aria-label="Contact messages">
        {messages.map((m) => (
          <li key={m.id} data-testid="contact-message">
            <div className="message-head">
              <strong>{m.topic}</strong> · {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a> <span className="muted small">{formatUtc(m.received_at)}</span>
            </div>
            <p className="message-body">{m.message}</p>
          </li>
        ))}
      </ul>
      {total !== null && messages.length < total && (
        <button type="button" className="button secondary" onClick={() => load(messages.length)}>
          Show older ({total - messages.length} more)
        </button>
      )}
      <ErrorLine message={error} />
    </>
  )
}
