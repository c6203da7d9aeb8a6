import { useCallback, useEffect, useRef, useState, type MouseEvent } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom'
import { useServerMessage } from '../lib/socket'
import { pageTitle } from '../tools/registry'
import { Header } from './Header'
import { MenuDrawer } from './MenuDrawer'
import { NewTabNote } from '../components/NewTabLink'
import { Starfield } from './Starfield'
import { useStarfieldSetting } from './starfield-setting'

export function Layout({ children }: { children?: React.ReactNode }) {
  const [animated, toggleBackground] = useStarfieldSetting()
  const [menuOpen, setMenuOpen] = useState(false)
  const location = useLocation()
  const hello = useServerMessage('hello')
  const closeMenu = useCallback(() => setMenuOpen(false), [])
  const main = useRef<HTMLElement>(null)
  // The skip link moves focus itself: a plain '#main' would put the fragment in the address, where a reload or a shared
  // link carries it, and the router would treat it as a navigation.
  const skipToMain = (e: MouseEvent) => {
    e.preventDefault()
    main.current?.focus()
  }

  useEffect(() => setMenuOpen(false), [location.pathname])
  useEffect(() => {
    document.title = pageTitle(location.pathname)
  }, [location.pathname])

  return (
    <>
      <a className="skip-link" href="#main" onClick={skipToMain}>
        Skip to content
      </a>
      <Starfield animated={animated} />
      <Header animated={animated} onToggleBackground={toggleBackground} onOpenMenu={() => setMenuOpen(true)} menuOpen={menuOpen} />
      {hello?.demo && (
        <div className="demo-banner" role="status" data-testid="demo-banner">
          Demo data: this site is running against built-in stand-ins for ESI and zKillboard. Prices, kills and counts are not live.
        </div>
      )}
      <main className="page" id="main" ref={main} tabIndex={-1}>
        {children ?? <Outlet />}
      </main>
      <MenuDrawer open={menuOpen} onClose={closeMenu} />
      <NewTabNote />
      {/* A full page load's first entry has the key 'default' on every page, so by the key alone one page opened in the
          tab restored the scroll of another (the landing page opened 95 px down after the changelog); such entries are
          remembered by path. */}
      <ScrollRestoration getKey={(loc) => (loc.key === 'default' ? loc.pathname : loc.key)} />
    </>
  )
}
