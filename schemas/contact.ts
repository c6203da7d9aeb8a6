import { z } from 'zod'
import { CONTACT_LIMITS, CONTACT_TOPICS } from './contact-constants.js'
import { wellFormed } from './well-formed.js'

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/
// eslint-disable-next-line no-control-regex
const INVISIBLE_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g
/** A string field whose missing value reads 'required' rather than a type error; broken characters become U+FFFD. */
const text = () => z.string({ error: (issue) => (issue.input === undefined ? 'required' : 'must be text') }).overwrite(wellFormed)

export const ContactRequest = z
  .object({
    name: text()
      .trim()
      .min(1, 'required')
      .max(CONTACT_LIMITS.name, `at most ${CONTACT_LIMITS.name} characters`)
      .refine((s) => !CONTROL_CHARS.test(s), 'must be one line of text')
      .meta({ example: 'Pilot McPilotface' }),
    email: text()
      .trim()
      .min(1, 'required')
      .max(CONTACT_LIMITS.email, `at most ${CONTACT_LIMITS.email} characters`)
      .pipe(z.email('not a valid email address'))
      .meta({ description: 'Where the reply should go', example: 'pilot@example.com' }),
    topic: z.enum(CONTACT_TOPICS, { error: `must be one of ${CONTACT_TOPICS.join(', ')}` }).default('General'),
    message: text()
      // Line breaks and tabs stay; other control characters (NUL, terminal escapes) are invisible and dropped.
      .overwrite((s) => s.replace(/\r\n?/g, '\n').replace(INVISIBLE_CONTROLS, ''))
      .trim()
      .min(1, 'required')
      .max(CONTACT_LIMITS.message, `at most ${CONTACT_LIMITS.message} characters`)
      .meta({ example: 'The gas calculator misses the Vital Core Reservoir.' }),
    website: z
      .string()
      .max(1000)
      .optional()
      .meta({ description: 'Leave empty. It is a trap field for bots: when it is filled the answer is a success and nothing is stored.' }),
  })
  .meta({ id: 'ContactRequest' })
export type ContactRequest = z.infer<typeof ContactRequest>

export const ContactResponse = z.object({ ok: z.literal(true) }).meta({ id: 'ContactResponse' })
export type ContactResponse = z.infer<typeof ContactResponse>

/** A stored message, as the admin area lists it. */
export const ContactMessage = z
  .object({
    id: z.string().uuid(),
    received_at: z.string().meta({ description: 'ISO 8601, UTC', example: '2026-11-22T00:45:00.000Z' }),
    name: z.string(),
    email: z.string(),
    topic: z.enum(CONTACT_TOPICS),
    message: z.string(),
  })
  .meta({ id: 'ContactMessage' })
export type ContactMessage = z.infer<typeof ContactMessage>

export const ContactMessageList = z.object({ total: z.number().int(), messages: z.array(ContactMessage) }).meta({ id: 'ContactMessageList' })
export type ContactMessageList = z.infer<typeof ContactMessageList>

/** The furthest page start the admin list takes: far past any real inbox, and inside ClickHouse's UInt32 (a larger one wrapped to page 1). */
export const CONTACT_LIST_MAX_OFFSET = 1_000_000
/** `GET /api/admin/contact-messages` */
export const ContactMessagesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).max(CONTACT_LIST_MAX_OFFSET).default(0),
})
