import type { ComponentType } from 'react'
import { matchPath } from 'react-router-dom'
import { KILL_TRACKER_NAME, landingRank, PAGES, SECTIONS, SITE_NAME, type MenuSection, type PageInfo } from '../../schemas/pages'

export { KILL_TRACKER_NAME, SECTIONS, SITE_NAME, type MenuSection }

type PageModule = () => Promise<{ default: ComponentType }>

/** A page of `schemas/pages.ts` with its lazily loaded module: every tool is its own chunk. */
export interface ToolEntry extends Omit<PageInfo, 'subRoutes' | 'subRouteModules'> {
  /** Absent for plain links (the API docs). */
  page?: PageModule
  subRoutes?: Array<{ path: string; page: PageModule }>
}

/** Every page module, loaded when its route opens; schemas/pages.ts names each page's file. */
const MODULES = import.meta.glob<{ default: ComponentType }>(['./*/*Page.tsx', '../meta/*Page.tsx'])

function pageModule(file: string): PageModule {
  const loader = MODULES[file.startsWith('tools/') ? `./${file.slice('tools/'.length)}` : `../${file}`]
  if (!loader) throw new Error(`schemas/pages.ts names ${file}, which is not a page module under ui/`)
  return loader
}

export const tools: ToolEntry[] = PAGES.map((p) => ({
  ...p,
  page: p.module ? pageModule(p.module) : undefined,
  subRoutes: p.subRoutes?.map((path) => ({ path, page: pageModule(p.subRouteModules?.[path] ?? p.module!) })),
}))

export const cardTools = () =>
  tools
    .filter((t) => t.card !== false)
    .map((t, i) => ({ t, i }))
    .sort((a, b) => landingRank(a.t.path) - landingRank(b.t.path) || a.i - b.i)
    .map(({ t }) => t)
export const menuTools = (section: MenuSection) => tools.filter((t) => t.section === section && t.menu !== false)

export const NOT_FOUND_TITLE = `Page not found · ${SITE_NAME}`

/**
 * The browser tab's title for a path: the tool's name, after the J-code or player name when the path carries one
 * ("J123450 · Wormhole Database · J-Space Toolbox"), so tabs and bookmarks say what they hold. Static paths are
 * tried in registry order before the kill tracker's catch-all, as the router does.
 */
export const toolTitle = (toolName: string, detail?: string) => [detail, toolName, SITE_NAME].filter(Boolean).join(' · ')

export function pageTitle(pathname: string): string {
  if (pathname === '/') return SITE_NAME
  for (const tool of tools) {
    for (const path of [tool.path, ...(tool.subRoutes ?? []).map((s) => s.path)]) {
      const match = matchPath(path, pathname)
      if (!match) continue
      return toolTitle(tool.name, match.params.jcode?.toUpperCase() ?? match.params.name)
    }
  }
  return NOT_FOUND_TITLE
}
