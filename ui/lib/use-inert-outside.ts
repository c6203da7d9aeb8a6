import { useEffect, type RefObject } from 'react'

/**
 * While `active`, makes everything on the page outside `container` inert (no focus, no clicks, hidden from
 * assistive technology), as a modal needs: Tab then cycles through the modal only. Elements in `keep` stay live
 * (a drawer's backdrop, which closes it on a click). Everything is restored when it ends.
 */
export function useInertOutside(container: RefObject<HTMLElement | null>, active: boolean, keep: Array<RefObject<HTMLElement | null>> = []) {
  useEffect(() => {
    const inside = container.current
    if (!active || !inside) return
    const kept = new Set(keep.map((k) => k.current).filter(Boolean))
    const made: Element[] = []
    for (let node: HTMLElement = inside; node.parentElement && node !== document.body; node = node.parentElement) {
      for (const sibling of node.parentElement.children) {
        if (sibling === node || kept.has(sibling as HTMLElement) || sibling.hasAttribute('inert') || sibling.tagName === 'SCRIPT') continue
        sibling.setAttribute('inert', '')
        made.push(sibling)
      }
    }
    return () => made.forEach((el) => el.removeAttribute('inert'))
    // the refs are stable: only opening and closing matter
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active, container])
}
