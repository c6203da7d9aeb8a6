import { useCallback, useEffect, useState } from 'react'
import { getAdminContactMessages } from '../../../schemas/contact-endpoints'
import type { ContactMessage } from '../../../schemas/contact'
import { formatUtc } from './admin-api'
import { ErrorLine } from './parts'
import { errorText, type AdminCall } from './useAdminCall'

const PAGE = 20

const uniqueById = (list: ContactMessage[]) => [...new Map(list.map((m) => [m.id, m])).values()]

/** Messages sent through the contact form, newest first (read-only). */
export function ContactMessages({ call }: { call: AdminCall }) {
  const [messages, setMessages] = useState<ContactMessage[]>([])
  const [total, setTotal] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  const read = useCallback((offset: number, limit = PAGE) => call(getAdminContactMessages, { query: { limit, offset } }), [call])
  useEffect(() => {
    read(0)
      .then((page) => {
        setMessages(page.messages)
        setTotal(page.total)
      })
      .catch((err) => setError(errorText(err)))
  }, [read])

  /**
   * The next page of older messages. Messages that arrived since the list was read go on top and push every page
   * down, so the page read now starts with some already shown, and the new ones are read and put on top too.
   */
  const older = async () => {
    setError(null)
    try {
      const page = await read(messages.length)
      const arrived = total === null ? 0 : page.total - total
      const newer = arrived > 0 ? (await read(0, Math.min(arrived, 500))).messages : []
      setMessages((shown) => uniqueById([...newer, ...shown, ...page.messages]))
      setTotal(page.total)
    } catch (err) {
      setError(errorText(err))
    }
  }

  return (
    <>
      {total === 0 && <p className="muted">No messages.</p>}
      <ul className="messages" aria-label="Contact messages">
        {messages.map((m) => (
          <li key={m.id} data-testid="contact-message">
            <div className="message-head">
              <strong>{m.topic}</strong> · {m.name} · <a href={`mailto:${m.email}`}>{m.email}</a>{' '}
              <span className="muted small">{formatUtc(m.received_at)}</span>
            </div>
            <p className="message-body">{m.message}</p>
          </li>
        ))}
      </ul>
      {total !== null && messages.length < total && (
        <button type="button" className="button secondary" onClick={older}>
          Show older ({total - messages.length} more)
        </button>
      )}
      <ErrorLine message={error} />
    </>
  )
}
