import type { MetaDescriptor } from 'react-router';

/** The head of an admin page: its title, and no indexing, since the console is private. */
export function adminMeta({ data }: { data: { title: string } | undefined }): MetaDescriptor[] {
  return data ? [{ title: data.title }, { name: 'robots', content: 'noindex' }] : [];
}
