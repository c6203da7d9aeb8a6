import { useEffect, useLayoutEffect, useRef } from 'react'
import { NavLink } from 'react-router-dom'
import { useInertOutside } from '../lib/use-inert-outside'
import { SECTIONS, menuTools } from '../tools/registry'

export const MENU_DRAWER_ID = 'main-menu'

interface Props {
  open: boolean
  onClose: () => void
}

/** The right-side drawer. Closing on route change is the layout's job (it owns the location). */
export function MenuDrawer({ open, onClose }: Props) {
  const closeRef = useRef<HTMLButtonElement>(null)
  const drawer = useRef<HTMLElement>(null)
  const backdrop = useRef<HTMLDivElement>(null)
  const opener = useRef<Element | null>(null)
  // Noted before the page behind is made inert, which would move focus off the menu button.
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement
  }, [open])
  // a modal while open: Tab stays in the menu; the backdrop stays clickable to close it
  useInertOutside(drawer, open, [backdrop])

  useEffect(() => {
    if (!open) return
    closeRef.current?.focus()
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKey)
    return () => {
      document.removeEventListener('keydown', onKey)
      // Give focus back to what opened the menu, as a modal does; keyboard users would otherwise restart from the top
      // of the page. This runs after the inert page behind is restored (that effect is declared first).
      const back = opener.current
      opener.current = null
      // eslint-disable-next-line react-hooks/exhaustive-deps -- the drawer as it is when the menu closes is the one to ask
      const lost = !document.activeElement || document.activeElement === document.body || !!drawer.current?.contains(document.activeElement)
      if (lost && back instanceof HTMLElement && back.isConnected) back.focus()
    }
  }, [open, onClose])

  return (
    <>
      <div ref={backdrop} className={`drawer-backdrop${open ? ' open' : ''}`} data-testid="drawer-backdrop" onClick={onClose} aria-hidden="true" />
      <nav ref={drawer} id={MENU_DRAWER_ID} className={`drawer${open ? ' open' : ''}`} aria-label="Main menu" aria-hidden={!open} inert={!open}>
        <div className="drawer-head">
          <span>Menu</span>
          <button ref={closeRef} type="button" className="icon-button" aria-label="Close menu" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="drawer-body">
          {SECTIONS.map((section) => {
            const items = menuTools(section)
            if (!items.length) return null
            return (
              <section key={section}>
                <h2>{section}</h2>
                <ul>
                  {items.map((t) => (
                    <li key={t.path}>
                      {t.href ? (
                        <a href={t.href}>{t.menuLabel}</a>
                      ) : (
                        // Choosing a link closes the menu itself: the layout closes it when the path changes, and a link to the page
                        // already shown keeps the path. (Not on every navigation: pages rewrite their own query as they load.)
                        <NavLink to={t.path} className={({ isActive }) => (isActive ? 'active' : undefined)} onClick={onClose}>
                          {t.menuLabel}
                        </NavLink>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            )
          })}
        </div>
        <footer className="drawer-foot">v{__APP_VERSION__}</footer>
      </nav>
    </>
  )
}
