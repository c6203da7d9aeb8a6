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
  /** Shown (and announced) instead when the browser refuses the copy. */
  failedLabel?: string
  /** How long the copied or failed label shows (ms). */
  duration?: number
  disabled?: boolean
  onCopied?: (text: string) => void
  className?: string
  title?: string
}

export function CopyButton({
  text,
  label = 'Copy',
  what,
  copiedLabel = 'Copied!',
  failedLabel = 'Copy failed',
  duration = 1500,
  disabled,
  onCopied,
  className,
  title,
}: Props) {
  const [result, setResult] = useState<'copied' | 'failed' | null>(null)
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
          let copied = true
          try {
            await copyText(value)
          } catch {
            copied = false
          }
          setResult(copied ? 'copied' : 'failed')
          if (copied) onCopied?.(value)
          clearTimeout(timer.current)
          timer.current = setTimeout(() => setResult(null), duration)
        }}
      >
        {result === 'copied' ? copiedLabel : result === 'failed' ? failedLabel : label}
        {what && <span className="visually-hidden"> {what}</span>}
      </button>
      {/* A focused button's new text is not read out by screen readers; a live region present before the copy is.
          A page with onCopied says a copy worked itself (a toast), and would otherwise be announced twice. */}
      <span className="visually-hidden" role="status">
        {result === 'failed' ? failedLabel : result === 'copied' && !onCopied ? copiedLabel : ''}
      </span>
    </>
  )
}
