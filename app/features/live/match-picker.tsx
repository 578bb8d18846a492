import type { Page } from '../../../lib/paging';
import type { MatchSummary } from '../../../modules/matches/matches.contract';
import { buttonClass, Dialog, EmptyState, ErrorState, Skeleton } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { MatchRow } from '../matches';
import { useLiveCall } from './use-live-call';

/**
 * The match picker window: the game's matches in progress or starting within the hour (the only
 * ones a room may link), one tap to pick.
 */
export function MatchPicker({
  open,
  gameId,
  onClose,
  onPick,
}: {
  open: boolean;
  gameId: number | undefined;
  onClose: () => void;
  onPick: (match: MatchSummary) => void;
}) {
  const { t } = useTranslation('live');
  const matches = useLiveCall<Page<MatchSummary>>(open ? '/match/gameLivingFuture' : null, {
    gameIds: gameId,
    pageSize: 50,
  });
  return (
    <Dialog open={open} onClose={onClose} title={t('settings.pickMatch')}>
      <div className="max-h-[60vh] overflow-y-auto">
        {matches.failed ? (
          <ErrorState onRetry={matches.reload} />
        ) : !matches.data ? (
          <Skeleton className="h-32 w-full" />
        ) : matches.data.list.length === 0 ? (
          <EmptyState title={t('settings.noMatches')} hint={t('settings.matchWindow')} />
        ) : (
          <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {matches.data.list.map((match) => (
              <MatchRow
                key={match.id}
                match={match}
                league={match.league.name}
                actions={
                  <PickButton
                    onPick={() => {
                      onPick(match);
                      onClose();
                    }}
                  />
                }
              />
            ))}
          </ul>
        )}
      </div>
      <div className="mt-4 flex justify-end">
        <button type="button" className={buttonClass.secondary} onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  );
}

function PickButton({ onPick }: { onPick: () => void }) {
  const { t } = useTranslation('live');
  return (
    <button
      type="button"
      onClick={onPick}
      className="relative z-10 rounded-full bg-brand px-3 py-1 text-xs font-medium text-white"
    >
      {t('settings.pick')}
    </button>
  );
}
