import { useQuery } from '@tanstack/react-query';
import { BCP47, type Locale } from '../../../lib/locales';
import {
  type CountryItem,
  DEFAULT_COUNTRY,
  DIAL_CODES,
  flagEmoji,
} from '../../../modules/accounts/countries.contract';
import { useApi } from '../../lib/api';
import { useLocale } from '../../lib/use-locale';

export type { CountryItem };

/** China +86: the picker's default, and its only entry when the list is empty or did not load. */
export function defaultCountry(locale: Locale): CountryItem {
  return {
    countryAbbr: DEFAULT_COUNTRY,
    countryArea: DIAL_CODES[DEFAULT_COUNTRY] ?? '+86',
    countryAvatar: flagEmoji(DEFAULT_COUNTRY),
    countryName: new Intl.DisplayNames([BCP47[locale]], { type: 'region' }).of(DEFAULT_COUNTRY) ?? '',
  };
}

/** The area-code picker's list, in the page language. */
export function useCountries(): CountryItem[] {
  const api = useApi();
  const locale = useLocale();
  const { data } = useQuery({
    queryKey: ['loginCountryList', locale],
    queryFn: () => api.get<CountryItem[]>('/login/loginCountryList', { quiet: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return data?.length ? data : [defaultCountry(locale)];
}
