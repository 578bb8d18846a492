import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Locale } from '../../lib/locales';
import { memoByKey } from '../../lib/memo';
import { defineApi, SerializedSuccess } from '../../platform/define-api';
import { countryItem, countryList } from './countries.contract';

export async function countriesRoutes(app: FastifyInstance) {
  // The list only changes with the language: each language's answer is serialised once.
  const serialized = memoByKey((locale: Locale) => new SerializedSuccess(countryList(locale)));

  defineApi(app, {
    method: 'GET',
    path: '/login/loginCountryList',
    summary:
      'Countries and regions with their dialling codes for the area-code picker, China (+86) first, ' +
      'names in the caller language; countryAvatar is the flag emoji',
    tags: ['login'],
    response: z.array(countryItem),
    handler: ({ locale }) => serialized(locale),
  });
}
