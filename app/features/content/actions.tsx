import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { formatCount } from '../../../lib/format';
import type { LikeTarget } from '../../../modules/content/content.contract';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';
import { useSignedInAction } from '../../lib/use-user';

export const actionClass =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full border border-zinc-300 px-3 text-sm hover:bg-zinc-100 aria-pressed:border-brand aria-pressed:text-brand-ink dark:border-zinc-700 dark:hover:bg-zinc-800';

/** Like or take back the like of an article, a video or a comment. */
export function LikeButton({
  targetType,
  targetId,
  liked,
  likes,
  compact = false,
}: {
  targetType: LikeTarget;
  targetId: number;
  liked: boolean;
  likes: number;
  compact?: boolean;
}) {
  const { t } = useTranslation('content');
  const locale = useLocale();
  const api = useApi();
  const whenSignedIn = useSignedInAction();
  const [state, setState] = useState({ liked, likes });
  // The page may learn the visitor's own like after it rendered (a page every visitor shares).
  useEffect(() => setState({ liked, likes }), [liked, likes]);
  const toggle = useMutation({
    mutationFn: () => api.post<{ liked: boolean; likes: number }>('/content/like', { targetType, targetId }),
    onSuccess: setState,
  });
  return (
    <button
      type="button"
      aria-pressed={state.liked}
      disabled={toggle.isPending}
      onClick={() => whenSignedIn(() => toggle.mutate())}
      className={
        compact
          ? 'inline-flex items-center gap-1 text-xs hover:text-brand-ink aria-pressed:text-brand-ink'
          : actionClass
      }
    >
      <Icon size={compact ? 14 : 18}>
        <path d="M7 10v11H3V10zM7 10l4-7a2 2 0 0 1 3 2l-1 5h6a2 2 0 0 1 2 2l-2 7a2 2 0 0 1-2 2H7" />
      </Icon>
      <span className="sr-only">{t('like')}</span>
      {formatCount(state.likes, locale)}
    </button>
  );
}

/** Copies the page's address and says 'copied'. */
export function CopyLinkButton() {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={actionClass}
      onClick={async () => {
        await navigator.clipboard.writeText(window.location.href);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
    >
      <Icon>
        <path d="M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1" />
      </Icon>
      <span role="status">{copied ? t('messages:copied') : t('content:copyLink')}</span>
    </button>
  );
}
