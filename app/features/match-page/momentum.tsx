import { useEffect, useRef } from 'react';
import { useTranslation } from '../../i18n/translations';
import 'uplot/dist/uPlot.min.css';
import type { MatchSummary, Momentum } from '../../../modules/matches/matches.contract';
import type { Side } from '../../../modules/sports';

const HEIGHT = 140;
/** The away side's colour, as in the prediction bar; the home side's is the brand colour. */
const AWAY_COLOUR = '#0284c7';
/** Axis ticks every quarter of an hour of regular time. */
const TICK_MINUTES = 15;

type Bar = Momentum['bars'][number];

/** 45+2' reads left to right in every language. */
const minuteLabel = (bar: Pick<Bar, 'minute' | 'addedMinute'>) =>
  bar.addedMinute ? `${bar.minute}+${bar.addedMinute}'` : `${bar.minute}'`;

/**
 * Which side was pressing, minute by minute: home bars above the centre line, away bars below, a
 * ball at each goal. uPlot (decision 022) is loaded in the browser once the graph is on screen;
 * the server draws a placeholder of its height, and screen readers get the numbers as a table.
 */
export function MomentumGraph({ momentum, summary }: { momentum: Momentum; summary: MatchSummary }) {
  const { t } = useTranslation('match');
  const box = useRef<HTMLDivElement>(null);
  const homeName = summary.home?.name ?? t('table.home');
  const awayName = summary.away?.name ?? t('table.away');
  const names: Record<Side, string> = { home: homeName, away: awayName };
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: { destroy(): void; setSize(size: { width: number; height: number }): void } | undefined;
    let cancelled = false;
    const observer = new ResizeObserver(() => plot?.setSize({ width: element.clientWidth, height: HEIGHT }));
    const draw = () =>
      void import('uplot').then(({ default: UPlot }) => {
        if (cancelled) return;
        const style = getComputedStyle(element);
        const home = style.getPropertyValue('--color-brand').trim() || '#2563eb';
        const ink = style.color;
        const { bars, goals } = momentum;
        const ticks = bars.filter((bar) => !bar.addedMinute && bar.minute % TICK_MINUTES === 0);
        plot = new UPlot(
          {
            width: element.clientWidth,
            height: HEIGHT,
            legend: { show: false },
            cursor: { show: false },
            padding: [10, 8, 0, 8],
            scales: {
              x: { time: false, range: [0.5, Math.max(bars.length, 90) + 0.5] },
              y: { range: [-100, 100] },
            },
            axes: [
              {
                stroke: ink,
                grid: { show: false },
                splits: () => ticks.map((bar) => bar.at),
                values: (_, splits) =>
                  splits.map((at) => minuteLabel(bars[at - 1] ?? { minute: at, addedMinute: 0 })),
              },
              { show: false },
            ],
            series: [
              {},
              ...[
                [homeName, home],
                [awayName, AWAY_COLOUR],
              ].map(([label, colour]) => ({
                label,
                fill: colour,
                stroke: colour,
                fillTo: 0,
                paths: UPlot.paths.bars?.({ size: [0.8, 12] }),
                points: { show: false },
              })),
            ],
            hooks: {
              draw: [
                (u) => {
                  const { ctx } = u;
                  const middle = u.valToPos(0, 'y', true);
                  ctx.save();
                  ctx.strokeStyle = ink;
                  ctx.globalAlpha = 0.4;
                  ctx.beginPath();
                  ctx.moveTo(u.bbox.left, middle);
                  ctx.lineTo(u.bbox.left + u.bbox.width, middle);
                  ctx.stroke();
                  ctx.globalAlpha = 1;
                  const radius = 5 * devicePixelRatio;
                  for (const goal of goals) {
                    const x = u.valToPos(goal.at, 'x', true);
                    const y = u.valToPos(goal.side === 'home' ? 88 : -88, 'y', true);
                    ctx.beginPath();
                    ctx.arc(x, y, radius, 0, 2 * Math.PI);
                    ctx.fillStyle = '#ffffff';
                    ctx.fill();
                    ctx.lineWidth = 1.5 * devicePixelRatio;
                    ctx.strokeStyle = '#18181b';
                    ctx.stroke();
                  }
                  ctx.restore();
                },
              ],
            },
          },
          [
            bars.map((bar) => bar.at),
            bars.map((bar) => (bar.value > 0 ? bar.value : null)),
            bars.map((bar) => (bar.value < 0 ? bar.value : null)),
          ],
          element,
        );
        observer.observe(element);
      });
    // Loaded once the graph is on screen, never for a page that does not scroll to it.
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        seen.disconnect();
        draw();
      }
    });
    seen.observe(element);
    return () => {
      cancelled = true;
      seen.disconnect();
      observer.disconnect();
      plot?.destroy();
    };
  }, [momentum, homeName, awayName]);
  const scorers = (at: number) =>
    momentum.goals
      .filter((goal) => goal.at === at)
      .map((goal) => names[goal.side])
      .join(', ');
  return (
    <figure className="min-w-0" dir="ltr">
      <div
        ref={box}
        role="img"
        aria-label={t('momentum.title')}
        data-testid="momentum-graph"
        style={{ height: HEIGHT }}
        className="w-full text-zinc-500 dark:text-zinc-400"
      />
      <figcaption
        className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-zinc-600 dark:text-zinc-400"
        dir="auto"
      >
        {t('momentum.legend', { home: names.home, away: names.away })}
      </figcaption>
      {/* A table box ignores overflow, so the wrapper is what hides it from the eye. */}
      <div className="sr-only">
        <table>
          <caption>{t('momentum.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('momentum.minute')}</th>
              <th scope="col">{names.home}</th>
              <th scope="col">{names.away}</th>
              <th scope="col">{t('momentum.goal')}</th>
            </tr>
          </thead>
          <tbody>
            {momentum.bars.map((bar) => (
              <tr key={bar.at}>
                <th scope="row">{minuteLabel(bar)}</th>
                <td>{Math.max(0, bar.value)}</td>
                <td>{Math.max(0, -bar.value)}</td>
                <td>{scorers(bar.at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
