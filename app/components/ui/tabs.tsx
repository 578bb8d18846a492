import { useEffect, useRef } from 'react';
import { Link } from 'react-router';

export interface TabItem {
  key: string;
  label: string;
  to: string;
  active: boolean;
  /** Instead of following the link (a guest asked to log in first). */
  onClick?: () => void;
}

/**
 * A row of views as links (the state is in the URL); it scrolls sideways on a phone rather than
 * wrapping. Small ones are filters, several of which may be on at once.
 */
export function LinkTabs({
  label,
  items,
  size = 'large',
}: {
  label: string;
  items: TabItem[];
  size?: 'large' | 'small';
}) {
  const current = size === 'large' ? 'page' : 'true';
  const list = useRef<HTMLUListElement>(null);
  // On a phone the chosen item may sit past the edge: bring it into view.
  useEffect(() => {
    const box = list.current?.getBoundingClientRect();
    const chosen = list.current?.querySelector('[aria-current]');
    const item = chosen?.getBoundingClientRect();
    if (box && item && (item.left < box.left || item.right > box.right))
      list.current?.scrollBy({ left: item.left + item.width / 2 - (box.left + box.width / 2) });
  });
  const itemClass =
    size === 'large'
      ? 'block whitespace-nowrap border-b-2 border-transparent px-3 py-2.5 text-sm font-medium text-zinc-600 hover:text-zinc-900 aria-[current=page]:border-brand aria-[current=page]:text-zinc-900 dark:text-zinc-400 dark:hover:text-white dark:aria-[current=page]:text-white'
      : 'block whitespace-nowrap rounded-full border border-zinc-200 px-3 py-1 text-xs font-medium text-zinc-700 hover:bg-zinc-100 aria-[current=true]:border-brand aria-[current=true]:bg-brand aria-[current=true]:text-white dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800';
  return (
    <nav aria-label={label} className="min-w-0">
      <ul
        ref={list}
        // Swiped sideways on a phone; a desk, with no swipe and no scrollbar to drag, shows every chip.
        className={`flex overflow-x-auto [scrollbar-width:none] ${size === 'large' ? '' : 'gap-1.5 py-0.5 md:flex-wrap'}`}
      >
        {items.map((item) => (
          <li key={item.key} className="shrink-0">
            <Link
              to={item.to}
              preventScrollReset
              aria-current={item.active ? current : undefined}
              onClick={
                item.onClick &&
                ((event) => {
                  event.preventDefault();
                  item.onClick?.();
                })
              }
              className={itemClass}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
