import { isSvip, isVip, type Membership } from '../../../platform/roles';
import { useTranslation } from '../../i18n/translations';

/** The user's level and, while it lasts, the VIP or SVIP badge. */
export function WalletBadges({ level, membership }: { level: number; membership: Membership }) {
  const { t } = useTranslation('wallet');
  const tier = isSvip(membership) ? 'svip' : isVip(membership) ? 'vip' : undefined;
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-800 dark:bg-sky-950 dark:text-sky-200">
        {t('level.badge', { level })}
      </span>
      {tier && (
        <span
          data-testid="membership-badge"
          className={`rounded-full px-2 py-0.5 text-xs font-bold ${tier === 'svip' ? 'bg-gradient-to-r from-amber-400 to-rose-500 text-white' : 'bg-amber-300 text-amber-950'}`}
        >
          {t(`vip.tier.${tier}`)}
        </span>
      )}
    </span>
  );
}
