import { useCombobox } from 'downshift';
import { useEffect, useState } from 'react';

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

const { InputBlur, InputKeyDownEnter } = useCombobox.stateChangeTypes;

/**
 * A text box that finds one item by name (Downshift's WAI-ARIA combobox with a listbox popup):
 * typing searches the whole family on the server (debounced), the matches open below as options
 * with a second line, and choosing one (click, or arrows and Enter) calls `onChange` with its id.
 * Escape closes the list and goes back to the chosen name; emptying the box chooses nothing. Its
 * label comes from the surrounding Field (the `id` it hands down), or `aria-label`.
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
  const chosen = source.useOne(value);
  // The option just chosen names the box until the server's answer for its id arrives (no blank box meanwhile).
  const [picked, setPicked] = useState<ComboOption | undefined>(undefined);
  const chosenName = value
    ? (chosen.data?.name ?? (picked?.id === value ? picked.name : chosen.isError ? value : ''))
    : '';
  const [text, setText] = useState<string | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const typed = useDebounced(text ?? '', DEBOUNCE_MS);
  const found = source.useMatches(typed.trim(), open);
  const options = (found.data?.options ?? []).filter((option) => !exclude?.has(option.id));
  const { getInputProps, getMenuProps, getItemProps, highlightedIndex } = useCombobox<ComboOption>({
    items: options,
    itemToString: (option) => option?.name ?? '',
    isOpen: open,
    // However the list closes, the box goes back to the chosen name.
    onIsOpenChange: ({ isOpen }) => {
      setOpen(isOpen);
      if (!isOpen) setText(undefined);
    },
    inputValue: text ?? chosenName,
    // The choice lives in `value`: nothing stays selected here, so every choice is reported.
    selectedItem: null,
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      setPicked(selectedItem);
      onChange(selectedItem.id, selectedItem);
    },
    // Leaving the box chooses nothing; Enter with a lone match and none highlighted chooses it.
    stateReducer: (state, { type, changes, props }) =>
      type === InputBlur
        ? { ...changes, selectedItem: null }
        : type === InputKeyDownEnter && state.highlightedIndex < 0 && props.items.length === 1
          ? { ...changes, selectedItem: props.items[0] }
          : changes,
  });
  const total = found.data?.total ?? 0;
  const waiting = found.isFetching || typed !== (text ?? '').trim();
  return (
    <div className="combobox">
      <input
        {...getInputProps({
          ...wiring,
          // Named by the Field's <label for> or aria-label, not by a label of Downshift's.
          'aria-labelledby': undefined,
          placeholder,
          disabled,
          // Typed text is kept here, at once: Downshift reports it only after rendering, too late for the next key.
          onChange: (event) => {
            setText(event.currentTarget.value);
            if (event.currentTarget.value === '' && value) onChange('');
          },
          onFocus: (event) => event.target.select(),
          // Escape with the list closed is left to what is around the box (a dialog closes).
          onKeyDown: (event) => {
            if (event.key === 'Escape' && !open) Object.assign(event.nativeEvent, { preventDownshiftDefault: true });
          },
        })}
      />
      <div
        {...getMenuProps({ 'aria-label': 'Matches' })}
        hidden={!open || options.length === 0}
        className="combobox-list"
      >
        {options.map((option, index) => (
          <div
            key={option.id}
            {...getItemProps({ item: option, index })}
            tabIndex={-1}
            className={index === highlightedIndex ? 'active' : undefined}
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
