import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { type Article, CREATOR_ROLES, NEWS_PAGE_SIZE } from '../../../modules/content/content.contract';
import { requirePageRole } from '../../../platform/roles';
import { CoverField } from '../../components/cover-field';
import { RichTextEditor } from '../../components/rich-text-editor';
import {
  buttonClass,
  cardClass,
  FormStatus,
  failureMessage,
  labelClass,
  mutedClass,
} from '../../components/ui';
import { GameField, TextField } from '../../features/content/form-fields';
import { contentText, pageTitle } from '../../features/content/loaders.server';
import { contentMeta } from '../../features/content/meta';
import { MyArticles } from '../../features/content/my-articles';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import type { Route } from './+types/creator-post';

/** /creatorCenter/postArticle: creators write an article (or, with ?id=, edit one of theirs) and see their own. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requirePageRole(context, ...CREATOR_ROLES);
  const { articles } = context.services.content;
  const id = Number(new URL(request.url).searchParams.get('id'));
  const editing = Number.isSafeInteger(id) && id > 0 ? await articles.get(id, user).catch(() => null) : null;
  const mine = await articles.byAuthor({
    authorId: user.uid,
    all: true,
    pageIndex: 1,
    pageSize: NEWS_PAGE_SIZE,
  });
  return {
    title: pageTitle(context, contentText(context, 'creator.title')),
    description: contentText(context, 'creator.title'),
    games: context.services.catalog.list(context.locale).map(({ gameId, name }) => ({ gameId, name })),
    editing: editing?.author.uid === user.uid ? editing : null,
    mine,
  };
}

export const meta: Route.MetaFunction = (args) => [
  ...contentMeta(args),
  { name: 'robots', content: 'noindex' },
];

export default function CreatorPost({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation('content');
  const { games, editing, mine } = loaderData;
  const api = useApi();
  const revalidator = useRevalidator();
  const [body, setBody] = useState(editing?.body ?? '');
  const [cover, setCover] = useState(editing?.cover ?? '');
  const save = useMutation({
    mutationFn: (form: FormData) => {
      const input = {
        gameId: Number(form.get('gameId')),
        title: String(form.get('title')),
        summary: String(form.get('summary')),
        cover: String(form.get('cover')) || null,
        tags: String(form.get('tags'))
          .split(/[,，]/)
          .map((tag) => tag.trim())
          .filter(Boolean),
        body,
      };
      return api.post<Article>(editing ? `/creator/article/${editing.id}` : '/creator/article', input, {
        quiet: true,
      });
    },
    onSuccess: () => revalidator.revalidate(),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(new FormData(event.currentTarget));
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <h1 className="text-xl font-bold sm:text-2xl">{t('creator.title')}</h1>
      <form onSubmit={submit} className={`${cardClass} flex flex-col gap-4`} key={editing?.id ?? 'new'}>
        <GameField
          id="article-game"
          label={t('creator.game')}
          games={games}
          defaultValue={editing?.gameId ?? games[0]?.gameId}
        />
        <TextField
          id="article-title"
          label={t('creator.titleLabel')}
          name="title"
          required
          minLength={4}
          maxLength={120}
          defaultValue={editing?.title}
        />
        <TextField
          id="article-summary"
          label={t('creator.summary')}
          name="summary"
          maxLength={300}
          defaultValue={editing?.summary}
        />
        <div>
          <span id="article-body-label" className={labelClass}>
            {t('creator.body')}
          </span>
          <RichTextEditor id="article-body" initialHtml={editing?.body ?? ''} onChange={setBody} />
        </div>
        <CoverField id="article-cover" name="cover" value={cover} onChange={setCover} />
        <TextField
          id="article-tags"
          label={t('creator.tags')}
          name="tags"
          defaultValue={editing?.tags.join(', ')}
        />
        <FormStatus
          ok={save.isSuccess ? t('messages:submittedSuccessfully') : null}
          error={failureMessage(save.error, t('messages:requestFailed'))}
        />
        <button type="submit" disabled={save.isPending} className={`${buttonClass.primary} self-start`}>
          {t('creator.submit')}
        </button>
      </form>
      <section aria-labelledby="mine-title" className={cardClass}>
        <div className="mb-2 flex items-center justify-between">
          <h2 id="mine-title" className="font-semibold">
            {t('creator.mine')}
          </h2>
          {editing && (
            <Link to="/creatorCenter/postArticle" className="text-sm text-brand-ink hover:underline">
              {t('creator.write')}
            </Link>
          )}
        </div>
        {mine.list.length === 0 ? (
          <p className={mutedClass}>{t('creator.none')}</p>
        ) : (
          <MyArticles articles={mine.list} canEdit />
        )}
      </section>
    </div>
  );
}

/** A labelled text input of the article form. */

/** A guest is asked to log in; a reader without the creator role is told to apply first. */
export { CreatorErrorBoundary as ErrorBoundary } from '../../features/experts/creator-error';
