import { type FormEvent, type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import type { Suggestion } from '../../../modules/search/search.contract';
import { SEARCH_PATHS } from '../../../modules/search/search-constants.contract';
import { Icon } from '../../components/icon';
import { useTranslation } from '../../i18n/translations';
import { useApi } from '../../lib/api';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { Highlighted } from './highlight';
import { resultsPath, suggestionPath } from './paths';

/**
 * The header's search box: an ARIA combobox whose list of suggestions follows what the fan types
 * (asked once typing pauses). Arrow keys move through the list, Enter opens the chosen one or the
 * results page, Escape closes the list.
 */
export function SearchBox({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const navigate = useNavigate();
  const listId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [found, setFound] = useState<{ text: string; list: Suggestion[] }>({ text: '', list: [] });
  const asked = useDebouncedValue(text.trim());

  useEffect(() => {
    if (!asked) return;
    let current = true;
    api
      .get<Suggestion[]>(SEARCH_PATHS.suggest, { query: { text: asked }, quiet: true })
      .then((list) => {
        if (!current) return;
        setFound({ text: asked, list });
        setActive(-1);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [api, asked]);

  const list = text.trim() && found.text === asked ? found.list : [];
  const expanded = open && list.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  function go(to: string) {
    setOpen(false);
    setText('');
    void navigate(to);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const chosen = expanded ? list[active] : undefined;
    if (chosen) go(suggestionPath(chosen));
    else if (text.trim()) go(resultsPath(text));
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!list.length) return;
      setOpen(true);
      // From the box down through the list and back to the box (-1), or up the other way.
      const last = list.length - 1;
      setActive((index) =>
        event.key === 'ArrowDown' ? (index === last ? -1 : index + 1) : index === -1 ? last : index - 1,
      );
    } else if (event.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    }
  }

  return (
    <search className={`relative ${className}`}>
      <form onSubmit={onSubmit}>
        <label className="flex items-center gap-2 rounded-full border border-zinc-200 bg-zinc-50 px-3 focus-within:border-brand focus-within:ring-2 focus-within:ring-brand/30 dark:border-zinc-700 dark:bg-zinc-800">
          <Icon size={16} className="shrink-0 text-zinc-500">
            <circle cx="11" cy="11" r="7" />
            <path d="m20 20-3.5-3.5" />
          </Icon>
          <span className="sr-only">{t('search.label')}</span>
          <input
            type="search"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            autoComplete="off"
            enterKeyHint="search"
            maxLength={50}
            value={text}
            placeholder={t('search.placeholder')}
            onChange={(event) => {
              setText(event.target.value);
              setOpen(true);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
            className="h-9 w-full min-w-0 bg-transparent text-sm outline-none placeholder:text-zinc-500"
          />
        </label>
        <div
          id={listId}
          role="listbox"
          aria-label={t('search.suggestions')}
          hidden={!expanded}
          className="absolute inset-x-0 top-full z-50 mt-1 max-h-96 overflow-y-auto rounded-xl border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {list.map((item, index) => (
            <div
              key={`${item.kind}-${item.id}`}
              id={optionId(index)}
              role="option"
              // Options are chosen with the arrow keys from the box (aria-activedescendant), never focused.
              tabIndex={-1}
              aria-selected={index === active}
              // Chosen before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                go(suggestionPath(item));
              }}
              onMouseEnter={() => setActive(index)}
              className="flex cursor-pointer items-center gap-2 px-3 py-2 text-sm aria-selected:bg-zinc-100 dark:aria-selected:bg-zinc-800"
            >
              <span className="min-w-0 flex-1 truncate">
                <Highlighted text={item.label} query={found.text} />
              </span>
              {item.live && (
                <span className="rounded bg-red-600 px-1.5 py-0.5 text-xs font-semibold text-white">
                  {t('nav.live')}
                </span>
              )}
              <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                {t(`search.kinds.${item.kind}`)}
              </span>
            </div>
          ))}
        </div>
      </form>
    </search>
  );
}
