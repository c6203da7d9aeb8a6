/** Hosts that serve Discord's webhook API (stable, public test build, canary, and the legacy domain). */
const DISCORD_HOSTS = new Set(['discord.com', 'ptb.discord.com', 'canary.discord.com', 'discordapp.com'])
const WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/\d{5,25}\/[\w-]{20,200}\/?$/

/**
 * True for an https Discord webhook URL, `https://discord.com/api/webhooks/<id>/<token>` (an API version
 * segment and a `thread_id` query are allowed). Anything else could post messages somewhere unintended.
 */
export function isDiscordWebhookUrl(value: string): boolean {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port || url.hash) return false
  if (!DISCORD_HOSTS.has(url.hostname)) return false
  if (!WEBHOOK_PATH.test(url.pathname)) return false
  return [...url.searchParams.keys()].every((k) => k === 'thread_id' || k === 'wait')
}
