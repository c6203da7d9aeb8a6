import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ApiError, ApiTimeoutError, callApi } from '../../lib/api'
import { postContact } from '../../../schemas/contact-endpoints'
import { CONTACT_LIMITS, CONTACT_TEXT, CONTACT_TIMEOUT_MS, CONTACT_TOPICS, type ContactTopic } from '../../../schemas/contact-constants'
import './contact.css'

/** `invalid` names the fields a check before sending refused, so they can be marked and the first one focused. */
type Status = { kind: 'idle' } | { kind: 'sending' } | { kind: 'success' } | { kind: 'failure'; message: string; invalid?: Array<keyof Fields> }

interface Fields {
  name: string
  email: string
  topic: ContactTopic
  message: string
  /** The hidden trap field: people never see it, form-filling bots do. */
  website: string
}

const EMPTY: Fields = { name: '', email: '', topic: 'General', message: '', website: '' }

/** The server's `error` sentence when it sent one. */
function serverError(err: ApiError): string | null {
  const body = err.body
  return body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error ? body.error : null
}

export default function ContactPage() {
  const [fields, setFields] = useState<Fields>(EMPTY)
  const [status, setStatus] = useState<Status>({ kind: 'idle' })
  const set = <K extends keyof Fields>(key: K, value: Fields[K]) => setFields((f) => ({ ...f, [key]: value }))
  const form = useRef<HTMLFormElement>(null)
  const sentNotice = useRef<HTMLParagraphElement>(null)
  const invalid = status.kind === 'failure' ? (status.invalid ?? []) : []

  // The focused button disappears when the form swaps for the success notice (and back): keep keyboard and
  // screen-reader users where the news is instead of dropping them at the top of the page.
  const previous = useRef<Status['kind']>('idle')
  useEffect(() => {
    const fieldNamed = (name: keyof Fields) => form.current?.querySelector<HTMLElement>(`[name="${name}"]`)
    if (status.kind === 'success') sentNotice.current?.focus()
    else if (status.kind === 'failure' && status.invalid?.length) fieldNamed(status.invalid[0])?.focus()
    else if (status.kind === 'idle' && previous.current === 'success') fieldNamed('name')?.focus()
    previous.current = status.kind
  }, [status])
  const aria = (key: keyof Fields) => (invalid.includes(key) ? { 'aria-invalid': true, 'aria-describedby': 'contact-error' } : {})
  /**
   * The failure sentence: under the first field a check refused (which takes the focus, so the sentence is on screen
   * beside it, not below the fold under the button), or under the button when the sending failed.
   */
  const failure = (at: keyof Fields | 'button') =>
    status.kind === 'failure' && (status.invalid?.[0] ?? 'button') === at ? (
      <p className="error-text" role="alert" data-testid="contact-status" id="contact-error">
        {status.message}
      </p>
    ) : null

  // A ref, not the status: a second Enter can arrive before React has re-rendered with 'sending'.
  const inFlight = useRef(false)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    if (inFlight.current) return
    if (fields.website.trim()) {
      // A bot filled the trap: look exactly like a success, send nothing.
      setStatus({ kind: 'success' })
      return
    }
    const empty = (['name', 'email', 'message'] as const).filter((k) => !fields[k].trim())
    if (empty.length) {
      setStatus({ kind: 'failure', message: CONTACT_TEXT.required, invalid: empty })
      return
    }
    // no maxLength on the boxes: it would silently cut a long paste, so say so instead (the server counts trimmed text)
    const tooLong = (['name', 'email', 'message'] as const).find((k) => fields[k].trim().length > CONTACT_LIMITS[k])
    if (tooLong) {
      setStatus({ kind: 'failure', message: CONTACT_TEXT.tooLong(tooLong), invalid: [tooLong] })
      return
    }
    // the form skips the browser's validation (for the spec's own messages), so ask the email field directly
    const email = (e.currentTarget as HTMLFormElement).elements.namedItem('email')
    if (email instanceof HTMLInputElement && email.validity.typeMismatch) {
      setStatus({ kind: 'failure', message: CONTACT_TEXT.badEmail, invalid: ['email'] })
      return
    }
    inFlight.current = true
    setStatus({ kind: 'sending' })
    try {
      const body = { name: fields.name, email: fields.email, topic: fields.topic, message: fields.message }
      await callApi(postContact, { body }, { timeoutMs: CONTACT_TIMEOUT_MS })
      setStatus({ kind: 'success' })
      setFields(EMPTY)
    } catch (err) {
      // Whatever failed, the fields keep what was typed.
      const message =
        err instanceof ApiError ? (serverError(err) ?? CONTACT_TEXT.failed) : err instanceof ApiTimeoutError ? CONTACT_TEXT.timedOut : CONTACT_TEXT.network
      setStatus({ kind: 'failure', message })
    } finally {
      inFlight.current = false
    }
  }

  if (status.kind === 'success') {
    return (
      <div className="panel narrow contact-page">
        <h1>Contact</h1>
        <p className="notice" role="status" data-testid="contact-status" tabIndex={-1} ref={sentNotice}>
          {CONTACT_TEXT.sent}
        </p>
        <button type="button" className="button secondary" onClick={() => setStatus({ kind: 'idle' })}>
          Send another message
        </button>
      </div>
    )
  }

  const sending = status.kind === 'sending'
  const overLimit = fields.message.trim().length > CONTACT_LIMITS.message
  return (
    <div className="panel narrow contact-page">
      <h1>Contact</h1>
      <p className="muted">
        Found a bug, missing a feature, or want to talk about sponsorship? Send a message and the reply goes to the email address you give. Only what you type
        here is kept, and only to answer you.
      </p>
      {/* noValidate: the spec's own messages instead of the browser's; `required` still tells assistive technology */}
      <form className="contact-form" noValidate onSubmit={submit} aria-busy={sending} ref={form}>
        <label className="field">
          <span className="field-label">Name</span>
          <input name="name" required {...aria('name')} autoComplete="name" value={fields.name} onChange={(e) => set('name', e.target.value)} />
        </label>
        {failure('name')}
        <label className="field">
          <span className="field-label">Email</span>
          <input
            name="email"
            type="email"
            required
            {...aria('email')}
            autoComplete="email"
            value={fields.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </label>
        {failure('email')}
        <label className="field">
          <span className="field-label">Topic</span>
          <select name="topic" value={fields.topic} onChange={(e) => set('topic', e.target.value as ContactTopic)}>
            {CONTACT_TOPICS.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
        {/* The count sits outside the label so the box is named 'Message', not 'Message 12 / 4000' on every key. */}
        <div className="field">
          <label className="field-label" htmlFor="contact-message">
            Message
          </label>
          <textarea
            id="contact-message"
            name="message"
            required
            {...aria('message')}
            rows={8}
            value={fields.message}
            onChange={(e) => set('message', e.target.value)}
          />
          <span className={overLimit ? 'char-count error-text' : 'char-count muted'}>
            {fields.message.trim().length} / {CONTACT_LIMITS.message}
          </span>
        </div>
        {failure('message')}
        <div className="contact-trap" aria-hidden="true">
          <label>
            Website
            <input name="website" tabIndex={-1} autoComplete="off" value={fields.website} onChange={(e) => set('website', e.target.value)} />
          </label>
        </div>
        <div className="button-row">
          {/* aria-disabled, not disabled: a disabled button drops the keyboard focus to the top of the page. */}
          <button type="submit" className="button" aria-disabled={sending}>
            {sending ? 'Sending…' : 'Send message'}
          </button>
        </div>
        {failure('button')}
      </form>
    </div>
  )
}
