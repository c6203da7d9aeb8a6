import { feedNote, type FeedFreshness } from '../lib/kill-feed'

/** An amber note when the killmail feed is STALE or has stored nothing yet (nothing while OK): the figures next to it may be short or empty. */
export function KillFeedNote({ feed }: { feed: FeedFreshness | null | undefined }) {
  const text = feedNote(feed)
  if (!text) return null
  return (
    <p className="warning-box" role="note" data-testid="kill-feed-note">
      {text}
    </p>
  )
}
