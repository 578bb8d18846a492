import type { MonthlyReturn } from '../../../modules/experts/experts.contract';
import { ScrollBox } from '../../components/ui';
import { useTranslation } from '../../i18n/translations';
import { signClass, useStatFormat } from './format';

/** Returns month by month: plans, hit rate, units won and ROI. */
export function MonthlyTable({ rows }: { rows: MonthlyReturn[] }) {
  const { t } = useTranslation('experts');
  const format = useStatFormat();
  return (
    <ScrollBox label={t('expert.monthly')}>
      <table className="w-full text-sm tabular-nums">
        <thead className="text-xs text-zinc-500">
          <tr>
            <th scope="col" className="py-1 text-start font-medium">
              {t('expert.month')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('stats.plans')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('stats.hitRate')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('expert.return')}
            </th>
            <th scope="col" className="py-1 text-end font-medium">
              {t('stats.roi')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {rows.map((row) => (
            <tr key={row.month}>
              <th scope="row" className="py-1.5 text-start font-medium">
                {row.month}
              </th>
              <td className="py-1.5 text-end">{row.plans}</td>
              <td className="py-1.5 text-end">{format.percent(row.hitRate)}</td>
              <td className={`py-1.5 text-end ${signClass(row.units)}`}>{format.units(row.units)}</td>
              <td className={`py-1.5 text-end ${signClass(row.roi)}`}>{format.signedPercent(row.roi)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollBox>
  );
}
