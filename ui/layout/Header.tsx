import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { useOnlineCount } from '../lib/socket'
import { formatInt } from '../../schemas/format'
import { SITE_NAME } from '../tools/registry'
import { MENU_DRAWER_ID } from './MenuDrawer'

interface Props {
  animated: boolean
  onToggleBackground: () => void
  onOpenMenu: () => void
  menuOpen: boolean
}

/** Whether the system asks for reduced motion (then the starfield never moves, whatever the setting). */
function usePrefersReducedMotion(): boolean {
  const query = typeof window === 'undefined' ? undefined : window.matchMedia?.('(prefers-reduced-motion: reduce)')
  const [reduced, setReduced] = useState(() => query?.matches ?? false)
  useEffect(() => {
    if (!query) return
    const update = () => setReduced(query.matches)
    query.addEventListener?.('change', update)
    return () => query.removeEventListener?.('change', update)
  }, [query])
  return reduced
}

export function Header({ animated, onToggleBackground, onOpenMenu, menuOpen }: Props) {
  const online = useOnlineCount()
  const reducedMotion = usePrefersReducedMotion()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const settingsRef = useRef<HTMLDivElement>(null)
  const settingsButton = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (!settingsOpen) return
    const close = (e: MouseEvent | KeyboardEvent) => {
      if (e instanceof KeyboardEvent) {
        if (e.key !== 'Escape') return
        // Escape from inside the panel would leave focus on a button that is about to vanish.
        if (settingsRef.current?.contains(document.activeElement)) settingsButton.current?.focus()
        setSettingsOpen(false)
      } else if (!settingsRef.current?.contains(e.target as Node)) setSettingsOpen(false)
    }
    document.addEventListener('mousedown', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('mousedown', close)
      document.removeEventListener('keydown', close)
    }
  }, [settingsOpen])

  return (
    <header className="site-header">
      <Link to="/" className="brand">
        <img src="/favicon.svg" alt="" width={26} height={26} />
        <span>{SITE_NAME}</span>
      </Link>
      {/* Not a live region: the count changes every minute, and a screen reader would read it out on every page. */}
      <div className="tq-status" data-testid="tq-status">
        {online === null ? 'ESI: reconnecting…' : `TQ: ${formatInt(online)} online`}
      </div>
      <div className="header-actions">
        <div className="settings" ref={settingsRef}>
          <button
            type="button"
            className="icon-button"
            aria-label="Settings"
            aria-expanded={settingsOpen}
            aria-controls="settings-panel"
            ref={settingsButton}
            onClick={() => setSettingsOpen((o) => !o)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d="M19.4 13a7.5 7.5 0 0 0 0-2l2.1-1.6-2-3.5-2.5 1a7.7 7.7 0 0 0-1.7-1L15 3.2h-4l-.4 2.7a7.7 7.7 0 0 0-1.7 1l-2.5-1-2 3.5L6.6 11a7.5 7.5 0 0 0 0 2l-2.2 1.6 2 3.5 2.5-1c.5.4 1.1.7 1.7 1l.4 2.7h4l.4-2.7c.6-.3 1.2-.6 1.7-1l2.5 1 2-3.5L19.4 13ZM13 15.5A3.5 3.5 0 1 1 13 8.5a3.5 3.5 0 0 1 0 7Z"
                transform="translate(-1 0)"
              />
            </svg>
          </button>
          {settingsOpen && (
            // A disclosure, not an ARIA menu: one plain button, reached with Tab like any other, and it closes when focus leaves it.
            <div
              className="settings-menu"
              id="settings-panel"
              onBlur={(e) => {
                if (!settingsRef.current?.contains(e.relatedTarget as Node | null)) setSettingsOpen(false)
              }}
            >
              {reducedMotion ? (
                // The starfield stands still under reduced motion, so a switch to a static one would do nothing.
                <p className="settings-note" data-testid="background-note">
                  Static background: your device asks for reduced motion.
                </p>
              ) : (
                <button
                  type="button"
                  onClick={() => {
                    onToggleBackground()
                    setSettingsOpen(false)
                  }}
                >
                  {animated ? 'Switch to Static BG' : 'Switch to Animated BG'}
                </button>
              )}
            </div>
          )}
        </div>
        <button type="button" className="icon-button" aria-label="Open menu" aria-expanded={menuOpen} aria-controls={MENU_DRAWER_ID} onClick={onOpenMenu}>
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
          </svg>
        </button>
      </div>
    </header>
  )
}
