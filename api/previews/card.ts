import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { Resvg } from '@resvg/resvg-js'
import { SITE_NAME } from '../../schemas/pages.js'
import { escapeHtml } from './html.js'

/** The fonts ship with the code (DejaVu Sans, its licence beside it), so a card looks the same on every server. */
const FONT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fonts')
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => path.join(FONT_DIR, f))

export const CARD_WIDTH = 1200
export const CARD_HEIGHT = 630

/** What a summary card shows: a kicker (what the page is), a headline, a subline and up to five detail lines. */
export interface CardContent {
  kicker: string
  headline: string
  subline?: string
  lines: string[]
}

/** Cut a line to what fits the card at that size (DejaVu Sans averages about 0.55 em per character). */
function fit(text: string, fontSize: number, width = CARD_WIDTH - 140): string {
  const max = Math.floor(width / (fontSize * 0.56))
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`
}

/** The card as SVG: the site's dark theme, every text escaped. */
export function cardSvg(card: CardContent): string {
  const text = (x: number, y: number, size: number, fill: string, value: string, weight = 400) =>
    `<text x="${x}" y="${y}" font-family="DejaVu Sans" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeHtml(fit(value, size))}</text>`
  const lines = card.lines.slice(0, 5).map((line, i) => text(70, 372 + i * 46, 30, '#c9d3e3', line))
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">`,
    '<defs><radialGradient id="bg" cx="0.2" cy="0" r="1.1"><stop offset="0" stop-color="#0c1430"/><stop offset="0.6" stop-color="#05070d"/></radialGradient></defs>',
    `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="url(#bg)"/>`,
    `<rect x="0" y="0" width="${CARD_WIDTH}" height="8" fill="#5cc8ff"/>`,
    text(70, 92, 30, '#8e9bb3', `${SITE_NAME} · ${card.kicker}`, 700),
    text(70, 200, 76, '#ffffff', card.headline, 700),
    card.subline ? text(70, 266, 38, '#5cc8ff', card.subline) : '',
    `<line x1="70" y1="310" x2="${CARD_WIDTH - 70}" y2="310" stroke="#78a0dc" stroke-opacity="0.3" stroke-width="2"/>`,
    ...lines,
    '</svg>',
  ].join('')
}

/** The card as a PNG (what Discord and other previews show; they do not show SVG). */
export function renderCard(card: CardContent): Buffer {
  const resvg = new Resvg(cardSvg(card), {
    font: { fontFiles: FONT_FILES, loadSystemFonts: false, defaultFontFamily: 'DejaVu Sans' },
    fitTo: { mode: 'width', value: CARD_WIDTH },
  })
  return resvg.render().asPng()
}

/** Rendered cards by key, most recently used kept: a card takes tens of milliseconds to draw. */
export class CardCache {
  private entries = new Map<string, Buffer>()
  constructor(private readonly max = 200) {}

  peek(key: string): Buffer | undefined {
    return this.entries.get(key)
  }

  get(key: string, draw: () => Buffer): Buffer {
    let png = this.entries.get(key)
    if (png) this.entries.delete(key)
    else png = draw()
    this.entries.set(key, png)
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!)
    return png
  }
}
