/** Hosts that serve Discord's webhook API (stable, public test build, canary, and the legacy domain). */
const DISCORD_HOSTS = new Set(['discord.com', 'ptb.discord.com', 'canary.discord.com', 'discordapp.com'])
/** `/api[/v10]/webhooks/<id>/<token>[/]`, capturing the id and the token. */
const WEBHOOK_PATH = /^\/api(?:\/v\d+)?\/webhooks\/(\d{5,25})\/([\w-]{20,200})\/?$/

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
  return validQuery(url.searchParams)
}

/** Only Discord's two execute-webhook query values, each at most once: a thread's snowflake id and wait=true|false. */
function validQuery(params: URLSearchParams): boolean {
  const keys = [...params.keys()]
  if (new Set(keys).size !== keys.length) return false
  return keys.every((k) => (k === 'thread_id' && /^\d{5,25}$/.test(params.get(k)!)) || (k === 'wait' && /^(?:true|false)$/.test(params.get(k)!)))
}

/**
 * One spelling per webhook: `https://discord.com/api/webhooks/<id>/<token>`, keeping a `thread_id`. The legacy,
 * ptb and canary hosts, an API version segment, a trailing slash and `wait` all reach the same webhook, and Discord
 * asks apps to call discord.com rather than discordapp.com. Anything that is not a Discord webhook URL is returned
 * as it is, for the validation to refuse.
 */
export function canonicalDiscordWebhookUrl(value: string): string {
  if (!isDiscordWebhookUrl(value)) return value
  const url = new URL(value)
  const [, id, token] = WEBHOOK_PATH.exec(url.pathname)!
  const thread = url.searchParams.get('thread_id')
  return `https://discord.com/api/webhooks/${id}/${token}${thread ? `?thread_id=${thread}` : ''}`
}
