import { data } from 'react-router';
import { isAppError } from '../../../lib/errors';
import type { AppLoadContext } from '../../load-context';

/** The signed-in user's id; a guest gets 401, which the user centre shows as a login prompt. */
export function ownerOf(context: AppLoadContext): number {
  if (!context.user) throw data('login', { status: 401 });
  return context.user.uid;
}

export const centreOf = (context: AppLoadContext) => context.services.users;

/** A missing or closed account is the page's 404. */
export async function orNotFound<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isAppError(err) && err.key === 'accountNotFound') throw data(null, { status: 404 });
    throw err;
  }
}

/** "<page> - <brand>" in the page language. */
export function pageTitle(context: AppLoadContext, page: string): string {
  const { i18n } = context.services;
  return `${page} - ${i18n.t(context.locale, 'common:brand')}`;
}

/** A text of the "user" namespace, for loaders. */
export const userText = (context: AppLoadContext, key: string) =>
  context.services.i18n.t(context.locale, `user:${key}`);
