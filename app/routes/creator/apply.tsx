import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import {
  EXPERT_PATHS,
  type ExpertApplicationView,
  expertApplyInput,
} from '../../../modules/experts/experts.contract';
import { buttonClass, Card, FormStatus, failureMessage, inputClass, labelClass } from '../../components/ui';
import { expertsText, gameChoices, pageTitle } from '../../features/experts/loaders.server';
import { expertsMeta } from '../../features/experts/meta';
import { expertQueries } from '../../features/experts/queries.server';
import { ownerOf } from '../../features/users/owner.server';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/apply';

/** /creatorCenter/apply: the expert application, its state, the rejection reason and a reapply. */
export async function loader({ context }: Route.LoaderArgs) {
  ownerOf(context);
  return {
    title: pageTitle(context, expertsText(context, 'apply.title')),
    application: await expertQueries(context).application(),
    games: gameChoices(context),
  };
}

export const meta: Route.MetaFunction = (args) => expertsMeta(args, false);

export default function ExpertApply({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('experts');
  const { application, games } = loaderData;
  const [reapplying, setReapplying] = useState(false);
  const formShown = application.state === 'none' || reapplying;
  const tone =
    application.state === 'approved'
      ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-900/30 dark:text-emerald-300'
      : application.state === 'rejected'
        ? 'bg-red-50 text-red-800 dark:bg-red-900/30 dark:text-red-300'
        : 'bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200';
  return (
    <Card title={t('apply.title')} id="apply">
      <div role="status" data-testid="application-state" className={`mb-4 rounded-xl px-3 py-2 ${tone}`}>
        <p className="font-medium">{t(`apply.state.${application.state}`)}</p>
        {application.state === 'rejected' && application.rejectReason && (
          <p className="text-sm">{t('apply.reason', { reason: application.rejectReason })}</p>
        )}
      </div>
      {application.state === 'approved' && (
        <Link to="/creatorCenter/progComponent" className={buttonClass.primary}>
          {t('creator.nav.compose')}
        </Link>
      )}
      {application.state === 'rejected' && !reapplying && (
        <button type="button" className={buttonClass.primary} onClick={() => setReapplying(true)}>
          {t('apply.reapply')}
        </button>
      )}
      {formShown && <ApplicationForm application={application} games={games} />}
    </Card>
  );
}

function ApplicationForm({
  application,
  games,
}: {
  application: ExpertApplicationView;
  games: { gameId: number; name: string }[];
}) {
  const { t } = useTranslation('experts');
  const api = useApi();
  const revalidator = useRevalidator();
  const [gameIds, setGameIds] = useState<number[]>(application.gameIds);
  const send = useMutation({
    mutationFn: (input: unknown) =>
      api.post<ExpertApplicationView>(EXPERT_PATHS.apply, input, { quiet: true }),
    onSuccess: () => revalidator.revalidate(),
  });
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const input = {
      displayName: String(form.get('displayName')),
      introduction: String(form.get('introduction')),
      gameIds,
      credentials: String(form.get('credentials')) || null,
    };
    const valid = expertApplyInput.safeParse(input).success;
    setInvalid(!valid);
    if (valid) send.mutate(input);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <div>
        <label htmlFor="apply-name" className={labelClass}>
          {t('apply.name')}
        </label>
        <input
          id="apply-name"
          name="displayName"
          required
          minLength={2}
          maxLength={30}
          defaultValue={application.displayName ?? ''}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="apply-intro" className={labelClass}>
          {t('apply.intro')}
        </label>
        <textarea
          id="apply-intro"
          name="introduction"
          required
          minLength={10}
          maxLength={500}
          rows={4}
          defaultValue={application.introduction ?? ''}
          className={inputClass}
        />
      </div>
      <fieldset>
        <legend className={labelClass}>{t('apply.games')}</legend>
        <div className="flex flex-wrap gap-2">
          {games.map((game) => {
            const on = gameIds.includes(game.gameId);
            return (
              <label
                key={game.gameId}
                className={`flex cursor-pointer items-center gap-1.5 rounded-full border px-3 py-1 text-sm ${on ? 'border-brand bg-brand text-white' : 'border-zinc-300 dark:border-zinc-700'}`}
              >
                <input
                  type="checkbox"
                  className="sr-only"
                  checked={on}
                  onChange={() =>
                    setGameIds((current) =>
                      on ? current.filter((id) => id !== game.gameId) : [...current, game.gameId],
                    )
                  }
                />
                {game.name}
              </label>
            );
          })}
        </div>
      </fieldset>
      <div>
        <label htmlFor="apply-credentials" className={labelClass}>
          {t('apply.credentials')}
        </label>
        <textarea
          id="apply-credentials"
          name="credentials"
          maxLength={500}
          rows={2}
          defaultValue={application.credentials ?? ''}
          className={inputClass}
        />
      </div>
      <FormStatus
        error={
          invalid ? t('messages:formatError') : failureMessage(send.error, t('messages:applicationFailed'))
        }
      />
      <button type="submit" disabled={send.isPending} className={`${buttonClass.primary} self-start`}>
        {t('apply.submit')}
      </button>
    </form>
  );
}
