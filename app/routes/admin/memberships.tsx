import { useState } from 'react';
import { type MembershipPrices, PACKAGE_MONTHS, TIERS } from '../../../modules/wallet/wallet.contract';
import { requirePageRole } from '../../../platform/roles';
import { buttonClass, FormStatus, inputClass } from '../../components/ui';
import { adminMeta } from '../../features/admin/meta';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/memberships';

export async function loader({ context }: Route.LoaderArgs) {
  requirePageRole(context, 'admin');
  return {
    title: context.services.i18n.t(context.locale, 'admin:sections.memberships.title'),
    prices: await context.services.wallet.memberships.prices(),
  };
}

export const meta: Route.MetaFunction = (args) => adminMeta(args);

/** VIP and SVIP package prices in coins; the server refuses SVIP cheaper than VIP for a month. */
export default function AdminMemberships({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('admin');
  const api = useApi();
  const [prices, setPrices] = useState<MembershipPrices>(loaderData.prices);
  const [saved, setSaved] = useState(false);
  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaved(false);
    try {
      setPrices(await api.post<MembershipPrices>('/admin/memberships/prices', prices));
      setSaved(true);
    } catch {
      // The API client has shown the failure.
    }
  }
  return (
    <form onSubmit={save} className="flex flex-col gap-4 rounded-2xl bg-white p-4 shadow-sm dark:bg-zinc-900">
      <h1 className="text-xl font-bold">{t('sections.memberships.title')}</h1>
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t('sections.memberships.description')}</p>
      <table className="w-full max-w-md text-sm">
        <thead>
          <tr>
            <th className="py-1 pe-3 text-start whitespace-nowrap">{t('memberships.months')}</th>
            {TIERS.map((tier) => (
              <th key={tier} className="py-1 text-start">
                {tier.toUpperCase()}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PACKAGE_MONTHS.map((months) => (
            <tr key={months}>
              <td className="py-1 font-medium">{months}</td>
              {TIERS.map((tier) => (
                <td key={tier} className="py-1 pe-2">
                  <input
                    type="number"
                    min={1}
                    required
                    aria-label={`${tier.toUpperCase()} ${months}`}
                    value={prices[tier][`${months}`]}
                    onChange={(e) =>
                      setPrices((p) => ({ ...p, [tier]: { ...p[tier], [months]: Number(e.target.value) } }))
                    }
                    className={inputClass}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex items-center gap-3">
        <button type="submit" className={buttonClass.primary}>
          {t('memberships.save')}
        </button>
        <FormStatus ok={saved ? t('memberships.saved') : null} />
      </div>
    </form>
  );
}
