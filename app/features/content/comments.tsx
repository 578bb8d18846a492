import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import {
  COMMENT_MAX_LENGTH,
  type Comment,
  type CommentOrder,
  type CommentTarget,
  type CommentThread,
  type Page,
} from '../../../modules/content/content.contract';
import { CommentText } from '../../components/comment-text';
import { mutedClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useSignedInAction, useUser } from '../../lib/use-user';
import { LikeButton } from './actions';
import { Ago } from './list-parts';
import { ReportButton } from './report-button';

/**
 * The comments under an article or a video: newest or most liked first, one level of replies,
 * more on demand. A new comment shows at the top at once; guests are asked to log in.
 */
export function Comments({
  targetType,
  targetId,
  first,
  sharedFirst = false,
  now,
}: {
  targetType: CommentTarget;
  targetId: number;
  first: Page<CommentThread>;
  /** `first` was read for no one, on a page every visitor shares. */
  sharedFirst?: boolean;
  now: number;
}) {
  const { t } = useTranslation('content');
  const api = useApi();
  const [order, setOrder] = useState<CommentOrder>('new');
  const [threads, setThreads] = useState(first.list);
  const [total, setTotal] = useState(first.total);
  const [page, setPage] = useState(1);

  const load = useMutation({
    mutationFn: (next: { order: CommentOrder; page: number }) =>
      api.get<Page<CommentThread>>('/comment/list', {
        query: { targetType, targetId, order: next.order, pageIndex: next.page },
      }),
    onSuccess: (answer, next) => {
      setThreads((list) => (next.page === 1 ? answer.list : [...list, ...answer.list]));
      setTotal(answer.total);
      setPage(next.page);
      setOrder(next.order);
    },
  });

  // A first page read for no one has no one's likes or rights: a signed-in visitor's is asked for.
  const signedIn = Boolean(useUser());
  const { mutate } = load;
  useEffect(() => {
    if (sharedFirst && signedIn) mutate({ order: 'new', page: 1 });
  }, [sharedFirst, signedIn, mutate]);

  const removed = (id: number) => {
    setThreads((list) =>
      list
        .filter((c) => c.id !== id)
        .map((c) => ({ ...c, replyList: c.replyList.filter((r) => r.id !== id) })),
    );
    if (threads.some((c) => c.id === id)) setTotal((n) => n - 1);
  };

  return (
    <section aria-labelledby="comments-title" className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-2">
        <h2 id="comments-title" className="text-lg font-semibold">
          {t('comment.title', { n: total })}
        </h2>
        <fieldset aria-label={t('comment.order')} className="flex gap-1 text-sm">
          {(['new', 'top'] as const).map((o) => (
            <button
              key={o}
              type="button"
              aria-pressed={order === o}
              onClick={() => load.mutate({ order: o, page: 1 })}
              className="rounded-full px-3 py-1 aria-pressed:bg-zinc-200 aria-pressed:font-semibold dark:aria-pressed:bg-zinc-800"
            >
              {t(`comment.${o}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <CommentForm
        targetType={targetType}
        targetId={targetId}
        onPosted={(comment) => {
          setThreads((list) => [{ ...comment, replyList: [] }, ...list]);
          setTotal((n) => n + 1);
        }}
      />
      {threads.length === 0 ? (
        <p className={mutedClass}>{t('comment.none')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-zinc-100 dark:divide-zinc-800">
          {threads.map((thread) => (
            <li key={thread.id} className="py-3">
              <CommentItem comment={thread} now={now} onRemoved={removed} />
              {thread.replyList.length > 0 && (
                <ol className="ms-10 mt-2 flex flex-col gap-2 border-s-2 border-zinc-100 ps-3 dark:border-zinc-800">
                  {thread.replyList.map((reply) => (
                    <li key={reply.id}>
                      <CommentItem comment={reply} now={now} onRemoved={removed} />
                    </li>
                  ))}
                </ol>
              )}
              <ReplyForm
                targetType={targetType}
                targetId={targetId}
                parentId={thread.id}
                onPosted={(reply) =>
                  setThreads((list) =>
                    list.map((c) => (c.id === thread.id ? { ...c, replyList: [...c.replyList, reply] } : c)),
                  )
                }
              />
            </li>
          ))}
        </ol>
      )}
      {threads.length < total && (
        <button
          type="button"
          disabled={load.isPending}
          onClick={() => load.mutate({ order, page: page + 1 })}
          className="self-center rounded-full border border-zinc-300 px-4 py-2 text-sm dark:border-zinc-700"
        >
          {t('comment.more')}
        </button>
      )}
    </section>
  );
}

function CommentItem({
  comment,
  now,
  onRemoved,
}: {
  comment: Comment;
  now: number;
  onRemoved: (id: number) => void;
}) {
  const { t } = useTranslation('content');
  const api = useApi();
  const remove = useMutation({
    mutationFn: () => api.post('/comment/delete', { id: comment.id }),
    onSuccess: () => onRemoved(comment.id),
  });
  return (
    <article className="flex gap-3">
      <span
        aria-hidden="true"
        className="flex size-8 shrink-0 items-center justify-center overflow-hidden rounded-full bg-zinc-200 text-sm font-semibold dark:bg-zinc-700"
      >
        {comment.author.avatar ? (
          <img src={comment.author.avatar} alt="" className="size-8 object-cover" />
        ) : (
          comment.author.username.slice(0, 1).toUpperCase()
        )}
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2">
          <span className="text-sm font-medium">{comment.author.username}</span>
          <span className={mutedClass}>
            <Ago date={comment.createdAt} now={now} />
          </span>
        </p>
        <p className="mt-0.5 whitespace-pre-line break-words text-sm">
          <CommentText text={comment.body} />
        </p>
        <p className={`mt-1 flex items-center gap-4 ${mutedClass}`}>
          <LikeButton
            targetType="comment"
            targetId={comment.id}
            liked={comment.liked}
            likes={comment.likes}
            compact
          />
          {comment.deletable ? (
            <button
              type="button"
              disabled={remove.isPending}
              onClick={() => remove.mutate()}
              className="hover:text-red-600"
            >
              {t('comment.delete')}
            </button>
          ) : (
            <ReportButton targetType="comment" targetId={comment.id} compact />
          )}
        </p>
      </div>
    </article>
  );
}

interface FormProps {
  targetType: CommentTarget;
  targetId: number;
  parentId?: number;
  onPosted: (comment: Comment) => void;
}

function usePostComment({ targetType, targetId, parentId, onPosted }: FormProps) {
  const api = useApi();
  const [text, setText] = useState('');
  const post = useMutation({
    mutationFn: () => api.post<Comment>('/comment/add', { targetType, targetId, parentId, body: text }),
    onSuccess: (comment) => {
      setText('');
      onPosted(comment);
    },
  });
  const whenSignedIn = useSignedInAction();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    whenSignedIn(() => {
      if (text.trim()) post.mutate();
    });
  };
  return { text, setText, submit, pending: post.isPending };
}

function CommentForm(props: FormProps) {
  const { t } = useTranslation('content');
  const { text, setText, submit, pending } = usePostComment(props);
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor="comment-text" className="sr-only">
        {t('comment.label')}
      </label>
      <textarea
        id="comment-text"
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('comment.placeholder')}
        className="block w-full rounded-xl border border-zinc-300 bg-white px-3 py-2 text-base focus:border-brand focus:outline-none dark:border-zinc-700 dark:bg-zinc-950"
      />
      <div className="flex items-center justify-between">
        <span className={mutedClass}>
          {text.length}/{COMMENT_MAX_LENGTH}
        </span>
        <button
          type="submit"
          disabled={pending}
          className="inline-flex min-h-10 items-center rounded-full bg-brand px-5 text-sm font-medium text-white disabled:opacity-50"
        >
          {t('comment.send')}
        </button>
      </div>
    </form>
  );
}

function ReplyForm(props: FormProps) {
  const { t } = useTranslation('content');
  const [open, setOpen] = useState(false);
  const { text, setText, submit, pending } = usePostComment({
    ...props,
    onPosted: (comment) => {
      setOpen(false);
      props.onPosted(comment);
    },
  });
  if (!open)
    return (
      <button
        type="button"
        onClick={() => setOpen(true)}
        className={`ms-11 mt-1 hover:text-brand-ink ${mutedClass}`}
      >
        {t('comment.reply')}
      </button>
    );
  return (
    <form onSubmit={submit} className="ms-11 mt-2 flex gap-2">
      <input
        aria-label={t('comment.replyLabel')}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        onChange={(event) => setText(event.target.value)}
        className="min-w-0 flex-1 rounded-full border border-zinc-300 bg-white px-3 py-1.5 text-sm dark:border-zinc-700 dark:bg-zinc-950"
      />
      <button
        type="submit"
        disabled={pending}
        className="rounded-full bg-brand px-4 text-sm text-white disabled:opacity-50"
      >
        {t('comment.send')}
      </button>
    </form>
  );
}
