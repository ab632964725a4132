import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { queries } from '../api/queries.js';

export interface PickedApplication {
  id: string;
  name: string;
}

/**
 * Chooses an application by typing part of its name: the workspace's applications are searched on
 * the server (q, after a short pause), never listed whole. A combobox with its options (name, and
 * vendor as a second line); arrow keys move, Enter chooses, Escape closes.
 */
export function ApplicationPicker({
  label,
  value,
  onChange,
}: {
  label: string;
  value: PickedApplication | undefined;
  onChange: (picked: PickedApplication | undefined) => void;
}) {
  const id = useId();
  const [text, setText] = useState(value?.name ?? '');
  const [typed, setTyped] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => setTyped(text.trim()), 250);
    return () => clearTimeout(timer);
  }, [text]);
  useEffect(() => {
    if (!value) return;
    setText(value.name);
  }, [value]);
  const found = useQuery({
    ...queries.list('applications', { q: typed || undefined, limit: '20', sort: 'name' }),
    enabled: open,
  });
  const options = found.data?.data ?? [];
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    onChange({ id: option.id, name: String(option.name) });
    setText(String(option.name));
    setOpen(false);
  };
  const keys = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((at) => Math.min(at + 1, options.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((at) => Math.max(at - 1, 0));
    } else if (event.key === 'Enter' && open) {
      event.preventDefault();
      choose(active);
    } else if (event.key === 'Escape') setOpen(false);
  };
  const listId = `${id}-options`;
  return (
    <div className="field picker">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-expanded={open && options.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && options[active] ? `${listId}-${active}` : undefined}
        placeholder="Type a name"
        maxLength={200}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(0);
          if (value) onChange(undefined);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={keys}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        className="picker-options"
        hidden={!open || options.length === 0}
      >
        {options.map((option, index) => (
          <div
            key={option.id}
            tabIndex={-1}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            onMouseDown={(event) => {
              event.preventDefault();
              choose(index);
            }}
          >
            <span>{String(option.name)}</span>
            {typeof option.vendor === 'string' && option.vendor && <small>{option.vendor}</small>}
          </div>
        ))}
      </div>
    </div>
  );
}
