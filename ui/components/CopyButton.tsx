import { useEffect, useRef, useState } from 'react'

/** Write text to the clipboard; falls back to a hidden textarea where the async API is unavailable. */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    try {
      await navigator.clipboard.writeText(text)
      return
    } catch {
      /* permission denied: try the fallback */
    }
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.appendChild(area)
  area.select()
  const ok = document.execCommand('copy')
  area.remove()
  if (!ok) throw new Error('Copy failed')
}

interface Props {
  text: string | (() => string)
  label?: string
  /** What is copied, read by screen readers after the label ("Copy" + "the Unix timestamp"), for a page with several Copy buttons. */
  what?: string
  copiedLabel?: string
  /** How long the copied label shows (ms). */
  duration?: number
  disabled?: boolean
  onCopied?: (text: string) => void
  className?: string
  title?: string
}

export function CopyButton({ text, label = 'Copy', what, copiedLabel = 'Copied!', duration = 1500, disabled, onCopied, className, title }: Props) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  return (
    <>
      <button
        type="button"
        className={`button secondary${className ? ` ${className}` : ''}`}
        disabled={disabled}
        title={title}
        onClick={async () => {
          const value = typeof text === 'function' ? text() : text
          try {
            await copyText(value)
          } catch {
            return
          }
          setCopied(true)
          onCopied?.(value)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setCopied(false), duration)
        }}
      >
        {copied ? copiedLabel : label}
        {what && <span className="visually-hidden"> {what}</span>}
      </button>
      {/* A focused button's new text is not read out by screen readers; a live region present before the copy is.
          A page with onCopied says so itself (a toast), and would otherwise be announced twice. */}
      {!onCopied && (
        <span className="visually-hidden" role="status">
          {copied ? copiedLabel : ''}
        </span>
      )}
    </>
  )
}
