import { type MouseEvent, useReducer } from 'react';
import { useTranslation } from '../../i18n/translations';
import { usePreferences } from '../../lib/preferences';

/** Matches whose score the visitor tapped to see: they stay shown for the rest of the visit. */
const revealed = new Set<number>();

/**
 * Spoiler-free mode (the `hideScores` preference): a score stays hidden until tapped. Answers
 * whether the match's score may show, and how to show it.
 */
export function useScoreShown(matchId: number): [shown: boolean, show: () => void] {
  const { hideScores } = usePreferences();
  const [, rendered] = useReducer((n: number) => n + 1, 0);
  return [
    !hideScores || revealed.has(matchId),
    () => {
      revealed.add(matchId);
      rendered();
    },
  ];
}

/** Stands where a hidden score would be; a tap shows it (and does not follow the row's link). */
export function ShowScoreButton({ onShow, className = '' }: { onShow: () => void; className?: string }) {
  const { t } = useTranslation('matches');
  const show = (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    onShow();
  };
  return (
    <button
      type="button"
      onClick={show}
      className={`relative z-10 rounded-full border border-zinc-300 px-2 py-0.5 text-xs font-medium text-zinc-600 hover:bg-zinc-100 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800 ${className}`}
    >
      {t('row.showScore')}
    </button>
  );
}
