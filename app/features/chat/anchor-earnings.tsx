import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { EARNING_DAYS } from '../../../modules/chat/chat.contract';
import { Card, mutedClass, smallButtonClass } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';

type Day = { date: string; diamonds: number; gifts: number };

/** The anchor centre's gift earnings: today, this week and in all, and a bar per day over 7, 14 or 30 days. */
export function AnchorEarnings() {
  const { t } = useTranslation('chat');
  const api = useApi();
  const [days, setDays] = useState<number>(EARNING_DAYS[0]);
  const total = useQuery({
    queryKey: ['gold-total'],
    queryFn: () => api.get<{ today: number; week: number; total: number }>('/anchor/goldTotal'),
  });
  const detail = useQuery({
    queryKey: ['gold-detail', days],
    queryFn: () => api.get<Day[]>('/anchor/goldDetail', { query: { days } }),
  });
  const list = detail.data ?? [];
  const top = Math.max(1, ...list.map((d) => d.diamonds));
  const width = 600;
  const height = 160;
  const bar = width / Math.max(1, list.length);

  return (
    <Card>
      <h2 className="text-lg font-semibold">{t('earnings.title')}</h2>
      <dl className="my-3 grid grid-cols-3 gap-2 text-center">
        {(['today', 'week', 'total'] as const).map((key) => (
          <div key={key}>
            <dt className={mutedClass}>{t(`earnings.${key}`)}</dt>
            <dd className="text-xl font-semibold">{total.data?.[key] ?? '–'}</dd>
          </div>
        ))}
      </dl>
      <div className="mb-2 flex gap-2">
        {EARNING_DAYS.map((n) => (
          <button
            key={n}
            type="button"
            aria-pressed={n === days}
            className={n === days ? smallButtonClass.primary : smallButtonClass.secondary}
            onClick={() => setDays(n)}
          >
            {t('earnings.days', { n })}
          </button>
        ))}
      </div>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        className="w-full"
        role="img"
        aria-label={t('earnings.chart', { n: days })}
      >
        {list.map((day, i) => {
          const h = (day.diamonds / top) * height;
          return (
            <g key={day.date}>
              <rect x={i * bar + 2} y={height - h} width={bar - 4} height={h} className="fill-brand">
                <title>{`${day.date}: ${day.diamonds}`}</title>
              </rect>
              {(list.length <= 14 || i % 5 === 0) && (
                <text
                  x={i * bar + bar / 2}
                  y={height + 14}
                  textAnchor="middle"
                  className="fill-zinc-500 text-[10px]"
                >
                  {day.date.slice(5)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Card>
  );
}
