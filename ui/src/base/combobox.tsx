import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/** One choice of a combobox: the id it stands for, its name, and a second line that tells look-alikes apart. */
export interface ComboOption {
  id: string;
  name: string;
  detail?: string | null;
}

/** A page of matches: the options shown and how many there are in all. */
export interface ComboMatches {
  options: ComboOption[];
  total: number;
}

/**
 * Where a combobox finds its options, as two hooks over TanStack queries (api/queries.ts), so
 * answers are cached and shared with other pages: `useMatches` searches the whole family on the
 * server for the text typed, `useOne` names one id (an id that came from the URL).
 */
export interface OptionSource {
  useMatches(text: string, enabled: boolean): { data?: ComboMatches | undefined; isFetching: boolean };
  useOne(id: string): { data?: ComboOption | null | undefined; isError: boolean };
}

/** How long typing pauses before the server is asked: short enough for matches within 300 ms of a key. */
const DEBOUNCE_MS = 150;

function useDebounced(value: string, delay: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

/**
 * A text box that finds one item by name (WAI-ARIA combobox with a listbox popup): typing searches
 * the whole family on the server (debounced), the matches open below as options with a second line,
 * and choosing one (click, or arrows and Enter) calls `onChange` with its id. Escape closes the list
 * and goes back to the chosen name; emptying the box chooses nothing. Its label comes from the
 * surrounding Field (the `id` it hands down), or `aria-label`.
 */
export function Combobox({
  source,
  value,
  onChange,
  exclude,
  placeholder = 'Type to search',
  disabled,
  ...wiring
}: {
  source: OptionSource;
  /** The chosen id, or '' for none. */
  value: string;
  onChange(id: string, option?: ComboOption): void;
  /** Ids not offered (already linked). */
  exclude?: ReadonlySet<string>;
  placeholder?: string;
  disabled?: boolean | undefined;
  id?: string;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  const ownId = useId();
  const inputId = wiring.id ?? `${ownId}-input`;
  const listId = `${ownId}-list`;
  const chosen = source.useOne(value);
  const chosenName = value ? (chosen.data?.name ?? (chosen.isError ? value : '')) : '';
  const [text, setText] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const typed = useDebounced(text ?? '', DEBOUNCE_MS);
  const found = source.useMatches(typed.trim(), open);
  const options = (found.data?.options ?? []).filter((option) => !exclude?.has(option.id));
  const listRef = useRef<HTMLDivElement>(null);

  // The active option stays in view as the arrows move it.
  useEffect(() => {
    if (active < 0) return;
    listRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  const close = () => {
    setOpen(false);
    setActive(-1);
    setText(undefined);
  };
  const choose = (option: ComboOption) => {
    close();
    onChange(option.id, option);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(0);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => Math.min(options.length - 1, Math.max(0, current + step)));
    } else if (event.key === 'Enter') {
      if (!open) return;
      // Enter chooses; it never submits the form around the box while the list is open.
      event.preventDefault();
      const option = options[active] ?? (options.length === 1 ? options[0] : undefined);
      if (option) choose(option);
    } else if (event.key === 'Escape') {
      if (open) {
        event.preventDefault();
        event.stopPropagation();
        close();
      }
    } else if (event.key === 'Tab') {
      close();
    }
  };
  const total = found.data?.total ?? 0;
  const waiting = found.isFetching || typed !== (text ?? '').trim();
  const activeId = open && active >= 0 && options[active] ? `${listId}-${active}` : undefined;
  return (
    <div className="combobox">
      <input
        type="text"
        role="combobox"
        id={inputId}
        aria-label={wiring['aria-label']}
        aria-describedby={wiring['aria-describedby']}
        aria-invalid={wiring['aria-invalid']}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={activeId}
        autoComplete="off"
        placeholder={placeholder}
        disabled={disabled}
        value={text ?? chosenName}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (event.target.value === '' && value) onChange('');
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => setOpen(true)}
        onBlur={close}
        onKeyDown={onKeyDown}
      />
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Matches"
        hidden={!open || options.length === 0}
        className="combobox-list"
      >
        {options.map((option, index) => (
          <div
            key={option.id}
            id={`${listId}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === active}
            className={index === active ? 'active' : undefined}
            // Chosen on mousedown, before the box loses focus and closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(option);
            }}
          >
            <span className="combobox-name">{option.name}</span>{' '}
            {option.detail && <span className="combobox-detail">{option.detail}</span>}
          </div>
        ))}
      </div>
      {open && (
        <p className="combobox-status" role="status">
          {waiting && options.length === 0
            ? 'Searching…'
            : options.length === 0
              ? 'No matches'
              : total > options.length
                ? `${options.length} of ${total.toLocaleString()}: type to narrow`
                : ''}
        </p>
      )}
    </div>
  );
}
