import { getAdminContactMessages, postContact } from '../../../schemas/contact-endpoints.js'
import type { ApiContext } from '../../app.js'
import { requireAdmin } from '../../auth/middleware.js'
import { HttpError } from '../../../platform/http/errors.js'
import { rateLimit } from '../../http/rate-limit.js'
import type { ApiRouter } from '../../http/router.js'
import { ContactMessageList, ContactMessagesQuery, ContactRequest, ContactResponse } from '../../../schemas/contact.js'
import { forwardToDiscord } from './discord.js'
import { insertContactMessage, listContactMessages } from './store.js'

/** Per client IP: enough for a conversation, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { points: 5, durationSeconds: 600 }

export function register(router: ApiRouter, ctx: ApiContext) {
  const log = ctx.log.child({ component: 'contact' })
  const webhook = ctx.config.CONTACT_DISCORD_WEBHOOK_URL

  router.route(
    postContact,
    {
      summary: 'Send a message to the site owner',
      description:
        "Stores the message (and posts it to the owner's Discord channel when one is configured). " +
        `Limited to ${CONTACT_RATE_LIMIT.points} requests per ${CONTACT_RATE_LIMIT.durationSeconds / 60} minutes per client IP; a request refused as invalid (400) or not stored (503) does not count.`,
      tags: ['Contact'],
      body: ContactRequest,
      response: ContactResponse,
      errors: { 429: 'Too many messages from this address', 503: 'The message could not be stored; nothing was sent' },
      before: [rateLimit({ ...CONTACT_RATE_LIMIT, message: 'Too many messages from your address', refundUnserved: true })],
    },
    async ({ body }) => {
      const { website, ...message } = body
      // A filled trap field means a bot: answer exactly like a success so it learns nothing, and keep nothing.
      if (website?.trim()) {
        log.info('contact honeypot filled: message dropped')
        return { ok: true as const }
      }
      let stored
      try {
        stored = await insertContactMessage(ctx.ch, message)
      } catch (err) {
        log.error({ err }, 'contact message could not be stored')
        throw new HttpError(503, 'Your message could not be saved right now. Please try again in a few minutes.')
      }
      log.info({ id: stored.id, topic: stored.topic }, 'contact message stored')
      // Not awaited: the reply does not wait on Discord, and a failed post is only logged.
      if (webhook) void forwardToDiscord(webhook, stored, log)
      return { ok: true as const }
    },
  )

  // The admin's inbox (shown in the killfeed admin area; a signed-in admin only).
  router.route(
    getAdminContactMessages,
    {
      summary: 'Messages sent through the contact form, newest first',
      tags: ['Admin'],
      query: ContactMessagesQuery,
      response: ContactMessageList,
      before: [requireAdmin(ctx)],
      hidden: true,
    },
    ({ query }) => listContactMessages(ctx.ch, query),
  )
}
