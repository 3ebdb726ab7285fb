import type { Comment, IncidentPerson } from '../../../../api/schemas/incidents';
import { byCreatedAt } from './hypothesisTree';

/** The id prefix of a comment shown before the server has answered (INC-18). */
export const PENDING_COMMENT_PREFIX = 'pending:';

/** What a pending comment says until it is saved. */
export const SENDING_LABEL = 'Sending…';

/** Whether the comment is still on its way to the server. */
export function isPendingComment(comment: Pick<Comment, 'id'>): boolean {
  return comment.id.startsWith(PENDING_COMMENT_PREFIX);
}

/** Oldest first; pending comments after the saved ones; ties keep the server's order. */
export function sortComments(comments: readonly Comment[] | null | undefined): Comment[] {
  return [...(comments ?? [])].sort((a, b) => {
    const pending = Number(isPendingComment(a)) - Number(isPendingComment(b));
    return pending !== 0 ? pending : byCreatedAt(a, b);
  });
}

/** Who wrote a comment: the person, else the outside author's name. */
export interface CommentAuthor {
  name: string;
  avatar?: string;
}

/** The author of a comment: the embedded person, else `external_created_by`, else "Unknown". */
export function commentAuthor(comment: Comment): CommentAuthor {
  const person: IncidentPerson | undefined =
    typeof comment.created_by === 'object' && comment.created_by !== null
      ? comment.created_by
      : undefined;
  const name = person?.name?.trim() || comment.external_created_by?.trim() || 'Unknown';
  const avatar = person?.avatar?.trim() || undefined;
  return avatar ? { name, avatar } : { name };
}

/**
 * The text a failed comment leaves in its box: what was sent, before anything typed since
 * (so nothing the user wrote is lost).
 */
export function restoredDraft(sent: string, typedSince: string): string {
  return typedSince.trim() === '' ? sent : `${sent}\n${typedSince}`;
}
