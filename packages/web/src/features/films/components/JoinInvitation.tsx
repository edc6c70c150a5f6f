import { messages } from '@filmlist/shared/messages';
import { Link } from '../../../lib/router';

/** A visitor on a film's page is asked to join and vote (docs/product.md §Film page). */
export function JoinInvitation() {
  return (
    <section className="join-invitation" aria-label="Join The Film List">
      <p>{messages.joinToVote}</p>
      <div className="actions">
        <Link className="act lead" to="/signup">
          <span className="act-label">Sign Up</span>
        </Link>
        <Link className="act quiet" to="/login">
          <span className="act-label">Login</span>
        </Link>
      </div>
    </section>
  );
}
