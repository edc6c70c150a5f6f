import { useMyVotes } from '../api/get-my-votes';
import { emptyVotes, type Votes } from '../list-logic';

/** The member's votes as a page shows them: null until loaded; a failed load (logged) counts as none. */
export function useMemberVotes(userId: number | null): Votes | null {
  const mine = useMyVotes(userId);
  return mine.data ?? (mine.isError ? emptyVotes : null);
}
