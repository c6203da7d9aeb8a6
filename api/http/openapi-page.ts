import { SITE_NAME } from '../../schemas/pages.js'
import { escapeHtml } from '../previews/html.js'

/**
 * The API documentation page (`/api/docs/`), rendered on the server from the OpenAPI document: the site's header and
 * dark theme (the UI's own stylesheet, plus docs.css), laid out for phones, and no script at all, so it weighs
 * little and no other page carries any of it. Every endpoint with its parameters, body and answers; every schema the
 * answers name, as a table of fields. The machine-readable document stays at `/api/openapi.json`.
 */

type Json = Record<string, unknown>
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {})
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** Description text: escaped, with `code` spans and paragraphs kept. */
function prose(text: string): string {
  return text
    .split(/\n{2,}/)
    .map((para) => `<p>${escapeHtml(para).replace(/`([^`]+)`/g, '<code>$1</code>')}</p>`)
    .join('')
}

const refName = (ref: string) => ref.replace('#/components/schemas/', '')
const anchor = (name: string) => `schema-${name.replace(/[^\w-]/g, '-')}`

/** A schema's type in a few words, naming (and linking) the components it refers to. */
function typeOf(schema: unknown, depth = 0): string {
  const s = obj(schema)
  if (typeof s.$ref === 'string') {
    const name = refName(s.$ref)
    return `<a href="#${anchor(name)}">${escapeHtml(name)}</a>`
  }
  if (depth > 4) return 'object'
  const nullable = s.nullable === true ? ' or null' : ''
  for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
    if (Array.isArray(s[key]))
      return (
        arr(s[key])
          .map((x) => typeOf(x, depth + 1))
          .join(key === 'allOf' ? ' and ' : ' or ') + nullable
      )
  }
  if (Array.isArray(s.enum)) return `one of ${s.enum.map((v) => `<code>${escapeHtml(JSON.stringify(v))}</code>`).join(', ')}${nullable}`
  const type = Array.isArray(s.type) ? s.type.join(' or ') : str(s.type)
  if (type === 'array') return `list of ${typeOf(s.items, depth + 1)}${nullable}`
  if (type === 'object' && s.properties) return `object (${Object.keys(obj(s.properties)).map(escapeHtml).join(', ')})${nullable}`
  if (type === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object')
    return `map of ${typeOf(s.additionalProperties, depth + 1)}${nullable}`
  const bounds = [
    s.minimum !== undefined ? `≥ ${s.minimum}` : '',
    s.maximum !== undefined ? `≤ ${s.maximum}` : '',
    s.minLength !== undefined ? `${s.minLength}+ chars` : '',
    s.maxLength !== undefined ? `≤ ${s.maxLength} chars` : '',
  ].filter(Boolean)
  return `${escapeHtml(type || 'any')}${s.format ? ` (${escapeHtml(str(s.format))})` : ''}${bounds.length ? ` ${bounds.join(', ')}` : ''}${nullable}`
}

/** A table of an object schema's fields, or one line for anything else. */
function fields(schema: unknown): string {
  const s = obj(schema)
  const properties = obj(s.properties)
  if (!Object.keys(properties).length) return `<p class="api-type">${typeOf(schema)}</p>`
  const required = new Set(arr(s.required).map(String))
  const rows = Object.entries(properties).map(([name, prop]) => {
    const p = obj(prop)
    const note = [str(p.description), p.example !== undefined ? `Example: ${JSON.stringify(p.example)}` : ''].filter(Boolean).join(' ')
    return `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? '' : ' <span class="muted">(optional)</span>'}</td><td>${typeOf(p)}</td><td>${escapeHtml(note)}</td></tr>`
  })
  return `<div class="table-wrap"><table class="data-table api-fields"><thead><tr><th scope="col">Field</th><th scope="col">Type</th><th scope="col">About</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`
}

function parameters(list: unknown[]): string {
  if (!list.length) return ''
  const rows = list.map((raw) => {
    const p = obj(raw)
    return `<tr><td><code>${escapeHtml(str(p.name))}</code>${p.required ? '' : ' <span class="muted">(optional)</span>'}</td><td>${escapeHtml(str(p.in))}</td><td>${typeOf(p.schema)}</td><td>${escapeHtml(str(p.description) || str(obj(p.schema).description))}</td></tr>`
  })
  return `<h4>Parameters</h4><div class="table-wrap"><table class="data-table api-fields"><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Type</th><th scope="col">About</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

function operation(method: string, path: string, op: Json): string {
  const id = `op-${method}-${slug(path)}`
  const body = obj(obj(obj(op.requestBody).content)['application/json']).schema
  const responses = Object.entries(obj(op.responses)).map(([status, raw]) => {
    const r = obj(raw)
    const content = obj(r.content)
    const type = Object.keys(content)[0]
    const schema = type ? obj(content[type]).schema : undefined
    return `<li><strong>${escapeHtml(status)}</strong> ${escapeHtml(str(r.description))}${schema ? `: ${typeOf(schema)}` : ''}${type && type !== 'application/json' ? ` <span class="muted">(${escapeHtml(type)})</span>` : ''}</li>`
  })
  return `<section class="panel api-op" id="${id}" aria-labelledby="${id}-h">
<h3 id="${id}-h"><span class="api-method api-${method}">${method.toUpperCase()}</span> <code class="api-path">${escapeHtml(path)}</code></h3>
${op.summary ? `<p class="api-summary">${escapeHtml(str(op.summary))}</p>` : ''}${op.description ? prose(str(op.description)) : ''}
${parameters(arr(op.parameters))}${body ? `<h4>Request body (JSON)</h4>${fields(body)}` : ''}
<h4>Answers</h4><ul class="api-responses">${responses.join('')}</ul>
</section>`
}

/** The whole page for an OpenAPI 3 document; `stylesheets` are the UI's built CSS files, for the site's look. */
export function renderApiDocs(document: unknown, stylesheets: string[]): string {
  const doc = obj(document)
  const info = obj(doc.info)
  const byTag = new Map<string, string[]>()
  for (const [path, item] of Object.entries(obj(doc.paths))) {
    for (const method of METHODS) {
      const op = obj(obj(item)[method])
      if (!Object.keys(op).length) continue
      const tag = str(arr(op.tags)[0]) || 'Other'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operation(method, path, op)])
    }
  }
  const tags = [...byTag.keys()].sort((a, b) => a.localeCompare(b))
  const schemas = Object.entries(obj(obj(doc.components).schemas)).sort(([a], [b]) => a.localeCompare(b))
  const title = str(info.title) || `${SITE_NAME} API`
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8" />
  <meta name="viewport" content="width=device-width, initial-scale=1.0" />
  <meta name="color-scheme" content="dark" />
  <meta name="description" content="${escapeHtml(`Documentation of the ${SITE_NAME} API: hub prices, static game data and calculators.`)}" />
  <meta property="og:title" content="${escapeHtml(`API docs · ${SITE_NAME}`)}" />
  <meta property="og:description" content="${escapeHtml('Documentation of the public price and data API.')}" />
  <meta name="twitter:card" content="summary" />
  <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  <title>${escapeHtml(`API docs · ${SITE_NAME}`)}</title>
${stylesheets.map((href) => `  <link rel="stylesheet" href="${escapeHtml(href)}" />`).join('\n')}
  <link rel="stylesheet" href="/api/docs/docs.css" />
</head>
<body class="api-docs">
  <a class="skip-link" href="#main">Skip to content</a>
  <header class="site-header api-header">
    <a href="/" class="brand"><img src="/favicon.svg" alt="" width="26" height="26" /><span>${escapeHtml(SITE_NAME)}</span></a>
    <span></span>
    <nav class="header-actions" aria-label="Site"><a href="/">All tools</a></nav>
  </header>
  <main class="page" id="main">
    <div class="panel">
      <h1>${escapeHtml(title)} <span class="muted api-version">${escapeHtml(str(info.version))}</span></h1>
      ${prose(str(info.description))}
      <p>The same documentation as an OpenAPI 3 document, for code generators and API tools: <a href="/api/openapi.json">/api/openapi.json</a>.</p>
      <nav aria-label="API sections"><h2 class="api-toc-title">Sections</h2><ul class="api-toc">${tags
        .map((t) => `<li><a href="#tag-${slug(t)}">${escapeHtml(t)}</a> <span class="muted">(${byTag.get(t)!.length})</span></li>`)
        .join('')}<li><a href="#schemas">Schemas</a></li></ul></nav>
    </div>
${tags.map((t) => `    <section aria-labelledby="tag-${slug(t)}"><h2 id="tag-${slug(t)}" class="api-tag">${escapeHtml(t)}</h2>\n${byTag.get(t)!.join('\n')}</section>`).join('\n')}
    <section aria-labelledby="schemas"><h2 id="schemas" class="api-tag">Schemas</h2>
${schemas
  .map(([name, schema]) => {
    const s = obj(schema)
    return `<section class="panel api-schema" id="${anchor(name)}" aria-labelledby="${anchor(name)}-h"><h3 id="${anchor(name)}-h"><code>${escapeHtml(name)}</code></h3>${s.description ? prose(str(s.description)) : ''}${fields(schema)}</section>`
  })
  .join('\n')}
    </section>
  </main>
</body>
</html>`
}

/** The docs page's own rules, on top of the UI's stylesheet. */
export const DOCS_CSS = `
.api-docs .api-header { grid-template-columns: 1fr auto auto; }
.api-docs .header-actions a { color: var(--accent); }
.api-docs .page { max-width: 1100px; margin: 0 auto; padding: 20px 16px 40px; overflow-wrap: anywhere; }
.api-docs .api-tag { margin-top: 1.6em; }
.api-docs .api-op h3, .api-docs .api-schema h3 { font-size: 1.05rem; margin: 0 0 0.4em; display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.api-docs h4 { font-size: 0.95rem; margin: 1em 0 0.3em; color: var(--muted); }
.api-docs .api-method { font: 700 0.8rem var(--mono); padding: 2px 8px; border-radius: 5px; color: #05070d; }
.api-docs .api-get { background: #5cc8ff; }
.api-docs .api-post { background: #43d17a; }
.api-docs .api-put, .api-docs .api-patch { background: #f2b84b; }
.api-docs .api-delete { background: #ff8a95; }
.api-docs .api-path { font-size: 0.95rem; background: none; padding: 0; }
.api-docs .api-summary { font-weight: 600; }
.api-docs .api-responses { margin: 0; padding-left: 1.2em; }
.api-docs .api-toc { display: flex; flex-wrap: wrap; gap: 6px 18px; padding: 0; list-style: none; }
.api-docs .api-toc-title { font-size: 1rem; }
.api-docs .api-version { font-size: 1rem; font-weight: 400; }
/* The field tables fit the width (no sideways scroll region, which would need a tab stop of its own): long names wrap. */
.api-docs .table-wrap { overflow: visible; }
.api-docs .api-fields { table-layout: fixed; }
.api-docs .api-fields th, .api-docs .api-fields td { vertical-align: top; white-space: normal; overflow-wrap: anywhere; }
`
