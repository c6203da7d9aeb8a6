import { parseAppraisalText } from '../../../schemas/appraisal/parse'

/**
 * Counts the item lines of a paste for the page's badge, off the page's main thread: the parser takes 50-100 ms
 * over a 10,000-line paste, and a keystroke arriving meanwhile would wait for it (#44.6).
 */
export interface CountRequest {
  id: number
  text: string
}
export interface CountAnswer {
  id: number
  count: number
}

self.onmessage = (e: MessageEvent<CountRequest>) => {
  const answer: CountAnswer = { id: e.data.id, count: e.data.text ? parseAppraisalText(e.data.text).items.length : 0 }
  self.postMessage(answer)
}
