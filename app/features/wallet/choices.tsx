import type { ReactNode } from 'react';

/** A group of radio choices drawn as tiles; the legend names the group for screen readers. */
export function Choices<T extends string | number>({
  legend,
  name,
  value,
  options,
  onChange,
  render,
  columns = 'grid-cols-2',
}: {
  legend: string;
  name: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
  render: (option: T) => ReactNode;
  columns?: string;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      <div className={`grid gap-2 ${columns}`}>
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer flex-col items-start rounded-xl border border-zinc-300 px-3 py-2 text-sm has-checked:border-brand has-checked:bg-brand/10 has-focus-visible:ring-2 has-focus-visible:ring-brand dark:border-zinc-700"
          >
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
              className="sr-only"
            />
            {render(option)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
