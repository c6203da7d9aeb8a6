import { formatIskCompact } from '../../schemas/format.js'
import type { DescribedKill } from './describe.js'
import type { Side } from './match.js'

/** Discord's execute-webhook body, as far as the killfeed uses it. */
export interface DiscordKillMessage {
  username: string
  allowed_mentions: { parse: string[] }
  embeds: Array<{
    author: { name: string }
    title: string
    url: string
    description: string
    color: number
    thumbnail: { url: string }
    fields: Array<{ name: string; value: string; inline: boolean }>
    footer: { text: string }
    timestamp: string
  }>
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
export function killEmbed(kill: DescribedKill, route: { display_name: string }, side: Side, imageServerUrl: string): DiscordKillMessage {
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
