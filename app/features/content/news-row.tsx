import { Link } from 'react-router';
import type { ArticleSummary } from '../../../modules/content/content.contract';
import { mutedClass } from '../../components/ui';
import { Ago, Counts } from './list-parts';

/** One article in a list: cover, title, summary and counts; the home page's hot list uses it too. */
export function NewsRow({ article, now }: { article: ArticleSummary; now: number }) {
  return (
    <article className="flex gap-3 py-3">
      {article.cover && (
        <img
          src={article.cover}
          alt=""
          width={160}
          height={90}
          loading="lazy"
          className="aspect-video w-28 shrink-0 rounded-xl object-cover sm:w-40"
        />
      )}
      <div className="min-w-0 flex-1">
        <h3 className="line-clamp-2 font-semibold leading-snug">
          <Link to={`/news/${article.game}/${article.id}`} className="hover:text-brand-ink">
            {article.title}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 hidden text-sm text-zinc-600 sm:block dark:text-zinc-400">
          {article.summary}
        </p>
        <p className={`mt-1 flex flex-wrap gap-x-3 ${mutedClass}`}>
          <span>{article.author.username}</span>
          {article.publishedAt && <Ago date={article.publishedAt} now={now} />}
          <Counts views={article.views} comments={article.comments} />
        </p>
      </div>
    </article>
  );
}
