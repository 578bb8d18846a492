import { InstallButton, type InstallLabels } from './install-button';

/** A content page from the "pages" translations: title, sections of paragraphs, an optional note. */
export interface StaticContent {
  title: string;
  description: string;
  note?: string;
  /** The download page offers to install the app. */
  install?: InstallLabels;
  sections: { heading: string; paragraphs: string[] }[];
}

export function StaticArticle({ content }: { content: StaticContent }) {
  return (
    <article className="mx-auto max-w-3xl rounded-2xl bg-white p-5 shadow-sm sm:p-8 dark:bg-zinc-900">
      <h1 className="text-2xl font-bold sm:text-3xl">{content.title}</h1>
      <p className="mt-2 text-zinc-600 dark:text-zinc-400">{content.description}</p>
      {content.install && <InstallButton labels={content.install} />}
      {content.sections.map((section) => (
        <section key={section.heading} className="mt-6">
          <h2 className="text-lg font-semibold">{section.heading}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-2 leading-relaxed">
              {paragraph}
            </p>
          ))}
        </section>
      ))}
      {content.note && (
        <p className="mt-6 rounded-xl bg-zinc-100 p-4 text-sm dark:bg-zinc-800">{content.note}</p>
      )}
    </article>
  );
}
