import { Button, TextArea } from '@blueprintjs/core';
import type { KeyboardEvent } from 'react';
import { useMemo, useState } from 'react';
import { useAddCommentMutation } from '../../../api/endpoints/incidents';
import type { Comment, Hypothesis } from '../../../api/schemas/incidents';
import { relativeOrDate } from '../../../lib/relativeTime';
import { useFormatDate } from '../../../shell/useFormatDate';
import { PersonAvatar } from '../../../ui/Avatar';
import { useHypothesisTree } from './HypothesisTreeContext';
import {
  SENDING_LABEL,
  commentAuthor,
  isPendingComment,
  restoredDraft,
  sortComments,
} from './model/comments';

function CommentItem({ comment }: { comment: Comment }) {
  const formatDate = useFormatDate();
  const author = commentAuthor(comment);
  const pending = isPendingComment(comment);
  return (
    <li className={`mc-comment${pending ? ' mc-comment--pending' : ''}`} aria-busy={pending}>
      <PersonAvatar person={author} decorative />
      <div className="mc-comment-content">
        <div className="mc-comment-meta">
          <span className="mc-comment-author">{author.name}</span>
          {pending ? (
            <span className="mc-comment-sending">{SENDING_LABEL}</span>
          ) : (
            comment.created_at && (
              <time dateTime={comment.created_at} title={formatDate(comment.created_at)}>
                {relativeOrDate(comment.created_at, formatDate)}
              </time>
            )
          )}
        </div>
        <p className="mc-comment-text">{comment.comment}</p>
      </div>
    </li>
  );
}

/** The comment box: Comment or Ctrl/Cmd+Enter sends (INC-18). */
function CommentForm({ hypothesis }: { hypothesis: Hypothesis }) {
  const { incidentId, user } = useHypothesisTree();
  const [addComment] = useAddCommentMutation();
  const [draft, setDraft] = useState('');

  const send = async () => {
    const text = draft.trim();
    if (text === '' || !user) return;
    // The comment shows at once (pending); the box is free for the next one.
    setDraft('');
    try {
      await addComment({
        created_by: user.id,
        incident_id: incidentId,
        hypothesis_id: hypothesis.id,
        comment: text,
        author: { id: user.id, name: user.name, avatar: user.avatar },
      }).unwrap();
    } catch {
      // The endpoint took the comment out and reports why; the text comes back to the box.
      setDraft((typedSince) => restoredDraft(text, typedSince));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <form
      className="mc-comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <TextArea
        aria-label="New comment"
        placeholder="Add a comment (Ctrl+Enter to send)"
        value={draft}
        onChange={(event) => setDraft(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        autoResize
        fill
      />
      <Button type="submit" text="Comment" disabled={draft.trim() === ''} />
    </form>
  );
}

export interface CommentsProps {
  hypothesis: Hypothesis;
}

/**
 * The discussion of a hypothesis, oldest first: author, when, text. A comment being sent shows
 * dimmed with "Sending…" until the server has it.
 */
export function Comments({ hypothesis }: CommentsProps) {
  const { canComment } = useHypothesisTree();
  const comments = useMemo(() => sortComments(hypothesis.comments), [hypothesis.comments]);
  if (comments.length === 0 && !canComment) return null;
  return (
    <div className="mc-comments">
      {comments.length > 0 && (
        <ol className="mc-comment-list" aria-label="Comments">
          {comments.map((comment) => (
            <CommentItem key={comment.id} comment={comment} />
          ))}
        </ol>
      )}
      {canComment && <CommentForm hypothesis={hypothesis} />}
    </div>
  );
}
