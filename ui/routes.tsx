import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom'
import { Layout } from './layout/Layout'
import { ErrorPage } from './pages/ErrorPage'
import { Landing } from './pages/Landing'
import { NotFound } from './pages/NotFound'
import { tools } from './tools/registry'

type PageModule = () => Promise<{ default: React.ComponentType }>

const lazyPage =
  (page: PageModule): RouteObject['lazy'] =>
  async () => ({ Component: (await page()).default })

export function buildRoutes(): RouteObject[] {
  const children: RouteObject[] = [{ index: true, element: <Landing /> }]
  for (const tool of tools) {
    if (tool.page) children.push({ path: tool.path, lazy: lazyPage(tool.page) })
    for (const sub of tool.subRoutes ?? []) children.push({ path: sub.path, lazy: lazyPage(sub.page) })
    for (const alias of tool.aliases ?? []) children.push({ path: alias, element: <Navigate to={tool.path} replace /> })
  }
  children.push({ path: '*', element: <NotFound /> })
  // Shown while a page opened directly (a link, a reload) loads its code; without it the router renders nothing and warns.
  const loading = (
    <p className="muted page-loading" role="status">
      Loading…
    </p>
  )
  return [{ path: '/', element: <Layout />, errorElement: <ErrorPage />, hydrateFallbackElement: loading, children }]
}

export const createRouter = () => createBrowserRouter(buildRoutes())
