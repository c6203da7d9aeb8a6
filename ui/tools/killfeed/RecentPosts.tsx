import type { RecentPost } from '../../../schemas/killfeed'
import { formatUtc } from './admin-api'
import { TableWrap } from '../../components/TableWrap'
import { NewTabLink } from '../../components/NewTabLink'

const STATUS_BADGE: Record<RecentPost['status'], string> = {
  posted: 'badge-good',
  queued: 'badge-neutral',
  sending: 'badge-neutral',
  failed: 'badge-bad',
  unknown: 'badge-warn',
}

/** The latest posts to Discord, newest first, with what became of each. */
export function RecentPosts({ posts, zkillBase = 'https://zkillboard.com' }: { posts: RecentPost[]; zkillBase?: string }) {
  if (!posts.length) return <p className="muted">No posts yet. Matching kills appear here as they are sent.</p>
  return (
    <TableWrap label="Recent posts table">
      <table className="data-table">
        <thead>
          <tr>
            <th>Killmail</th>
            <th>Route</th>
            <th>Webhook</th>
            <th>Status</th>
            <th>Posted</th>
          </tr>
        </thead>
        <tbody>
          {posts.map((p) => (
            <tr key={`${p.route_id}:${p.killmail_id}:${p.webhook}`} data-testid="recent-post">
              <td>
                <NewTabLink href={`${zkillBase}/kill/${p.killmail_id}/`}>{p.killmail_id}</NewTabLink>
              </td>
              <td>{p.display_name ?? <span className="muted">deleted route</span>}</td>
              <td className="mono small">{p.webhook}</td>
              <td>
                <span className={`badge ${STATUS_BADGE[p.status]}`}>{p.status}</span>
                {p.error && <div className="muted small">{p.error}</div>}
              </td>
              <td className="small">{formatUtc(p.posted_at ?? p.queued_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableWrap>
  )
}
