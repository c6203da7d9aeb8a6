import { formatIskCompact } from '../../schemas/format.js'
import type { DescribedKill } from './describe.js'
import type { Side } from './match.js'
import { MAX_EMBEDS_PER_MESSAGE, type EmbedStyle } from '../../schemas/killfeed-constants.js'

/** Discord's execute-webhook body, as far as the killfeed uses it. */
export interface DiscordEmbed {
  author?: { name: string }
  title: string
  url?: string
  description?: string
  color: number
  thumbnail?: { url: string }
  fields?: Array<{ name: string; value: string; inline: boolean }>
  footer: { text: string }
  timestamp?: string
}

export interface DiscordKillMessage {
  username: string
  /** A mention above the route's value threshold ('@here' or '<@&role>'). */
  content?: string
  allowed_mentions: { parse: string[]; roles?: string[] }
  embeds: DiscordEmbed[]
}

/** How a route posts: full or compact embeds, and whom to mention for a kill worth at least mention_min_isk. */
export interface PostStyle {
  display_name: string
  embed_style?: EmbedStyle
  mention?: string
  mention_min_isk?: number
}

const COLOR: Record<Side, number> = { kill: 0x43d17a, loss: 0xff5d6c, system: 0x5cc8ff }
const SIDE_LABEL: Record<Side, string> = { kill: 'Kill', loss: 'Loss', system: 'Kill in system' }

/** Names are player-chosen: keep Discord from reading their characters as formatting. */
const escapeMarkdown = (s: string) => s.replace(/([\\*_~`|>[\]()])/g, '\\$1')

const label = (e: { id: number; name: string | null } | null) => (e ? escapeMarkdown(e.name ?? `#${e.id}`) : null)

/**
 * One embed per kill: ship and victim, system, value, final blow, a link to the kill on zKillboard and the ship's
 * render from the game's image server. Green for a kill of the route's entity, red for its loss, blue for a kill
 * in its system. Mentions are off so a name such as "@everyone" cannot ping the channel.
 */
export function killEmbed(kill: DescribedKill, route: PostStyle, side: Side, imageServerUrl: string): DiscordKillMessage {
  const message = route.embed_style === 'compact' ? compactMessage(kill, route, side) : fullMessage(kill, route, side, imageServerUrl)
  return withMention(message, route, kill.value)
}

/** The mention goes above kills worth at least the route's threshold; only that role (or @here) may ping. */
function withMention(message: DiscordKillMessage, route: PostStyle, value: number): DiscordKillMessage {
  const mention = route.mention ?? ''
  if (!mention || value < (route.mention_min_isk ?? 0)) return message
  if (mention === 'here') return { ...message, content: '@here', allowed_mentions: { parse: ['everyone'] } }
  return { ...message, content: `<@&${mention}>`, allowed_mentions: { parse: [], roles: [mention] } }
}

/** One line per kill: ship, victim, system and value, linked to zKillboard. */
function compactMessage(kill: DescribedKill, route: PostStyle, side: Side): DiscordKillMessage {
  const ship = label(kill.ship) ?? 'Unknown ship'
  const victim = label(kill.victim.character) ?? label(kill.victim.corporation) ?? 'Unknown'
  const where = [label({ id: kill.system.id, name: kill.system.name }), kill.system.class_label].filter(Boolean).join(' ')
  return {
    username: 'J-Space Toolbox',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        title: `${SIDE_LABEL[side]}: ${ship} (${victim}) in ${where}, ${formatIskCompact(kill.value)} ISK`.slice(0, 256),
        url: kill.url,
        color: COLOR[side],
        footer: { text: `${route.display_name} · killmail ${kill.killmail_id}` },
        timestamp: kill.killmail_time,
      },
    ],
  }
}

function fullMessage(kill: DescribedKill, route: PostStyle, side: Side, imageServerUrl: string): DiscordKillMessage {
  const ship = label(kill.ship) ?? 'Unknown ship'
  const victim = label(kill.victim.character) ?? label(kill.victim.corporation) ?? 'Unknown'
  const group = [label(kill.victim.corporation), label(kill.victim.alliance)].filter(Boolean).join(' / ')
  const where = [kill.system.class_label, kill.system.region].filter(Boolean).join(', ')
  const system = `${label({ id: kill.system.id, name: kill.system.name })}${where ? ` (${where})` : ''}`
  const final = kill.final_blow
  const finalText = final ? [label(final.character) ?? label(final.corporation), final.ship ? `in ${label(final.ship)}` : null].filter(Boolean).join(' ') : null
  return {
    username: 'J-Space Toolbox',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        author: { name: `${route.display_name} · ${SIDE_LABEL[side]}` },
        title: `${ship} destroyed in ${kill.system.name ?? `system #${kill.system.id}`}`,
        url: kill.url,
        description: `**${victim}**${group ? ` (${group})` : ''} lost a ship worth **${formatIskCompact(kill.value)} ISK**.`,
        color: COLOR[side],
        thumbnail: { url: `${imageServerUrl.replace(/\/$/, '')}/types/${kill.ship.id}/render?size=128` },
        fields: [
          { name: 'Victim', value: group ? `${victim}\n${group}` : victim, inline: true },
          { name: 'Ship', value: ship, inline: true },
          { name: 'System', value: system, inline: true },
          { name: 'Value', value: `${formatIskCompact(kill.value)} ISK`, inline: true },
          { name: 'Final blow', value: finalText || 'Unknown', inline: true },
          { name: 'Attackers', value: String(kill.attackers), inline: true },
        ],
        footer: { text: `zKillboard · killmail ${kill.killmail_id}` },
        timestamp: kill.killmail_time,
      },
    ],
  }
}

/** The characters Discord counts toward a message's 6000 (message.mdx, "Embed Limits"). */
export function embedChars(e: DiscordEmbed): number {
  const fields = (e.fields ?? []).reduce((n, f) => n + f.name.trim().length + f.value.trim().length, 0)
  return e.title.trim().length + (e.description ?? '').trim().length + e.footer.text.trim().length + (e.author?.name ?? '').trim().length + fields
}
export const MAX_EMBED_CHARS_PER_MESSAGE = 6000

/**
 * Several kill messages of one route as one Discord message (a burst): their embeds in order (at most 10), the
 * mentions of any of them once. The caller keeps within MAX_EMBEDS_PER_MESSAGE and MAX_EMBED_CHARS_PER_MESSAGE.
 */
export function mergeMessages(messages: DiscordKillMessage[]): DiscordKillMessage {
  if (messages.length === 1) return messages[0]
  const contents = [...new Set(messages.map((m) => m.content).filter((c): c is string => Boolean(c)))]
  const parse = [...new Set(messages.flatMap((m) => m.allowed_mentions.parse))]
  const roles = [...new Set(messages.flatMap((m) => m.allowed_mentions.roles ?? []))]
  return {
    username: messages[0].username,
    ...(contents.length ? { content: contents.join(' ') } : {}),
    allowed_mentions: roles.length ? { parse, roles } : { parse },
    embeds: messages.flatMap((m) => m.embeds).slice(0, MAX_EMBEDS_PER_MESSAGE),
  }
}

/** The admin's test post: one embed in the route's style, plainly marked as a test, about no real kill. */
export function testMessage(route: PostStyle): DiscordKillMessage {
  return {
    username: 'J-Space Toolbox',
    allowed_mentions: { parse: [] },
    embeds: [
      {
        author: { name: `${route.display_name} · TEST` },
        title: 'Test post from J-Space Toolbox',
        description: `This is a test of the killfeed route for **${escapeMarkdown(route.display_name)}** (${route.embed_style ?? 'full'} embeds). No ship was destroyed.`,
        color: 0xb0b8c4,
        footer: { text: 'Test post · not a kill' },
      },
    ],
  }
}
