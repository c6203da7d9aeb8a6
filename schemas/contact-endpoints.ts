import { endpoint } from './endpoint.js'
import type { ContactMessageList, ContactMessagesQuery, ContactRequest, ContactResponse } from './contact.js'

/** Endpoints of api/tools/contact/routes.ts (see schemas/endpoint.ts). */

/** Send a message to the site owner */
export const postContact = endpoint<{ body: typeof ContactRequest; response: typeof ContactResponse }>('post', '/api/contact')

/** Messages sent through the contact form, newest first */
export const getAdminContactMessages = endpoint<{ query: typeof ContactMessagesQuery; response: typeof ContactMessageList }>(
  'get',
  '/api/admin/contact-messages',
)
