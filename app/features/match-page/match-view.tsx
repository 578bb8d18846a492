import * as Tabs from '@radix-ui/react-tabs';
import { useMemo } from 'react';
import { textDirection } from '../../../lib/locales';
import type { MatchDetail } from '../../../modules/matches/matches.contract';
import { useTranslation } from '../../i18n/translations';
import { useLocale } from '../../lib/use-locale';
import { PlanRows, useMatchPlans } from '../experts';
import {
  ClipCards,
  MatchLiveLink,
  ReplayCards,
  RoomCard,
  useClips,
  useMatchRooms,
  useReplays,
} from '../live';
import { useLiveMatch } from '../matches';
import { useFreshDetails } from './fresh-details';
import { Form, HeadToHead, Prediction } from './head-to-head';
import { MatchHeader } from './header';
import { Injuries, LineupsView } from './lineups';
import { MomentumGraph } from './momentum';
import { OddsView } from './odds';
import { PeriodTable } from './period-table';
import { ErrorNote, Section } from './section';
import { Statistics } from './statistics';
import { Timeline } from './timeline';

const TABS = ['overview', 'statistics', 'lineups', 'odds', 'h2h'] as const;

/** The match kept live: the pushed row moves the header at once, the detail follows it. */
function useLiveDetail(initial: MatchDetail) {
  const live = useLiveMatch(initial.summary);
  const initialDetails = useMemo(() => new Map([[initial.summary.id, initial]]), [initial]);
  const [query] = useFreshDetails([live.match], initialDetails);
  const detail = query?.data ?? initial;
  return {
    detail,
    /** The newest of the pushed row and the fetched detail's. */
    summary: live.match.seq > detail.summary.seq ? live.match : detail.summary,
    changed: live.changed,
    status: live.status,
    refreshFailed: query?.isError ?? false,
    retry: () => void query?.refetch(),
  };
}

/** The match page below the site header: the score header, then the tabs. */
export function MatchView({
  initial,
  headline,
  gameName,
}: {
  initial: MatchDetail;
  headline: string;
  gameName: string;
}) {
  const { t } = useTranslation('match');
  const locale = useLocale();
  const { detail, summary, changed, status, refreshFailed, retry } = useLiveDetail(initial);
  const rooms = useMatchRooms(summary);
  const plans = useMatchPlans(summary.id);
  const replays = useReplays({ matchId: summary.id });
  const clips = useClips({ matchId: summary.id });
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-4">
      <MatchHeader
        match={summary}
        headline={headline}
        gameName={gameName}
        changed={changed}
        status={status}
      />
      <MatchLiveLink live={rooms} />
      {refreshFailed && (
        <div className="rounded-2xl bg-white shadow-sm dark:bg-zinc-900">
          <ErrorNote onRetry={retry} />
        </div>
      )}
      {/* Radix lays tabs out left to right unless told the page's direction. */}
      <Tabs.Root defaultValue="overview" dir={textDirection(locale)} className="flex flex-col gap-4">
        <Tabs.List
          aria-label={t('tabs.label')}
          className="flex gap-1 overflow-x-auto rounded-2xl bg-white px-2 shadow-sm dark:bg-zinc-900"
        >
          {TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              className="shrink-0 border-b-2 border-transparent px-3 py-3 text-sm text-zinc-600 data-[state=active]:border-brand data-[state=active]:font-semibold data-[state=active]:text-zinc-900 dark:text-zinc-400 dark:data-[state=active]:text-white"
            >
              {t(`tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="overview" className="flex flex-col gap-4">
          {rooms && rooms.rooms.length > 0 && (
            <Section id="match-rooms" title={t('rooms.title')}>
              <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
                {rooms.rooms.map((room) => (
                  <RoomCard key={room.roomId} room={room} />
                ))}
              </ul>
            </Section>
          )}
          {clips.data && clips.data.length > 0 && (
            <Section id="match-clips" title={t('clips.title')}>
              <ClipCards list={clips.data} />
            </Section>
          )}
          {replays.data && replays.data.list.length > 0 && (
            <Section id="match-replays" title={t('replays.title')}>
              <ReplayCards list={replays.data.list} />
            </Section>
          )}
          {plans.length > 0 && (
            <Section id="match-plans" title={t('plans.title')}>
              <PlanRows plans={plans} showMatch={false} />
            </Section>
          )}
          <Section id="match-periods" title={t('periods.title')}>
            <PeriodTable state={detail.state} summary={summary} />
          </Section>
          {detail.momentum && detail.momentum.bars.length > 0 && (
            <Section id="match-momentum" title={t('momentum.title')}>
              <MomentumGraph momentum={detail.momentum} summary={summary} />
            </Section>
          )}
          <Section id="match-timeline" title={t('timeline.title')}>
            <Timeline incidents={detail.incidents} summary={summary} />
          </Section>
          {!summary.lobby && (
            <Section id="match-prediction" title={t('prediction.title')}>
              <Prediction prediction={detail.extras.prediction} summary={summary} />
            </Section>
          )}
        </Tabs.Content>
        <Tabs.Content value="statistics">
          <Section id="match-statistics" title={t('stats.title')}>
            <Statistics statistics={detail.extras.statistics} />
          </Section>
        </Tabs.Content>
        <Tabs.Content value="lineups" className="flex flex-col gap-4">
          <Section id="match-lineups" title={t('lineups.title')}>
            <LineupsView lineups={detail.extras.lineups} ratings={detail.ratings} summary={summary} />
          </Section>
          <Section id="match-injuries" title={t('lineups.injuries')}>
            <Injuries injuries={detail.injuries} summary={summary} />
          </Section>
        </Tabs.Content>
        <Tabs.Content value="odds">
          <Section id="match-odds" title={t('odds.title')}>
            <OddsView odds={detail.extras.odds} />
          </Section>
        </Tabs.Content>
        <Tabs.Content value="h2h" className="flex flex-col gap-4">
          <Section id="match-h2h" title={t('h2h.title')}>
            <HeadToHead matches={detail.headToHead} />
          </Section>
          <Section id="match-form" title={t('h2h.form')}>
            <Form form={detail.form} summary={summary} />
          </Section>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
