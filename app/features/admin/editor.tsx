import { type ChangeEvent, useState } from 'react';
import { type FieldError, inputClass, labelClass } from '../../components/ui';

/**
 * An admin page's form over its list: the form edits the item picked in the list, or makes a new
 * one. `formKey` changes when a form is done, so the next one starts empty.
 */
export function useEditing<T extends { id: number }>() {
  const [editing, setEditing] = useState<T | null>(null);
  const [done, setDone] = useState(0);
  return {
    editing,
    edit: setEditing,
    formKey: `${editing?.id ?? 'new'}-${done}`,
    finish: () => {
      setEditing(null);
      setDone((n) => n + 1);
    },
  };
}

/** A labelled input of an admin form, with the server's message for it under it. */
export function AdminField({
  label,
  name,
  type = 'text',
  value,
  onChange,
  error,
}: {
  label: string;
  name: string;
  type?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error?: FieldError;
}) {
  return (
    <label>
      <span className={labelClass}>{label}</span>
      <input name={name} type={type} value={value} onChange={onChange} className={inputClass} />
      {error && <span className="text-xs text-red-600">{error.message}</span>}
    </label>
  );
}
