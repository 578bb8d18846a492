import type { ComponentProps } from 'react';
import { inputClass, labelClass } from '../../components/ui';

/** A labelled input of the creators' and administrators' posting forms. */
export function TextField({ id, label, ...input }: { id: string; label: string } & ComponentProps<'input'>) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} className={inputClass} {...input} />
    </div>
  );
}

/** The sport or game a post belongs to, as the form field `gameId`. */
export function GameField({
  id,
  label,
  games,
  defaultValue,
}: {
  id: string;
  label: string;
  games: { gameId: number; name: string }[];
  defaultValue?: number;
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name="gameId" defaultValue={defaultValue} className={inputClass}>
        {games.map((game) => (
          <option key={game.gameId} value={game.gameId}>
            {game.name}
          </option>
        ))}
      </select>
    </div>
  );
}
