import { Combobox } from '../base/combobox.js';
import { valueLabel } from '../base/glossary.js';
import { MultiPicker } from '../lists/multi-picker.js';
import { familySource } from '../lists/options.js';
import { enumValues, kindOf, unwrapNull, type JsonSchema } from './schema.js';

/**
 * One field's control, drawn from the API's schema of it (a text, a number, a date, a choice, a
 * reference found by name), and the value it holds as the API takes it: the edit form's fields
 * and the bulk edit's.
 */

export type Draft = Record<string, string | boolean | string[]>;

/** The text a form control holds for an API value. */
export function toDraft(value: unknown, schema: JsonSchema): string | boolean | string[] {
  const kind = kindOf(schema);
  if (kind === 'boolean') return value === true;
  if (kind === 'uuids') return Array.isArray(value) ? value.map(String) : [];
  if (value === null || value === undefined) return '';
  if (kind === 'strings') return Array.isArray(value) ? value.join('\n') : '';
  if (kind === 'datetime' && typeof value === 'string') {
    const date = new Date(value);
    return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  }
  if (kind === 'json') return JSON.stringify(value);
  return String(value);
}

/** The API value of a form control, or undefined when it is left empty (absent on create, null on edit). */
export function fromDraft(draft: string | boolean | string[], schema: JsonSchema): unknown {
  const kind = kindOf(schema);
  if (kind === 'boolean') return draft;
  if (kind === 'uuids') return draft;
  if (typeof draft !== 'string' || draft.trim() === '') return undefined;
  switch (kind) {
    case 'integer':
    case 'number':
      return Number(draft);
    case 'strings':
      return draft
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    case 'datetime':
      return new Date(draft).toISOString();
    case 'json':
      try {
        return JSON.parse(draft) as unknown;
      } catch {
        return draft;
      }
    default:
      return draft;
  }
}

/** The ARIA wiring Field hands its control: the label's id, the description and the invalid flag. */
type Wiring = { id?: string; 'aria-describedby'?: string; 'aria-invalid'?: boolean };

export function Control({
  name,
  schema,
  value,
  onChange,
  target,
  disabled,
  ...wiring
}: {
  name: string;
  schema: JsonSchema;
  value: Draft[string];
  onChange(value: Draft[string]): void;
  target?: string | undefined;
  disabled?: boolean;
} & Wiring) {
  const kind = kindOf(schema);
  const inner = unwrapNull(schema).schema;
  if (kind === 'boolean')
    return (
      <input
        {...wiring}
        type="checkbox"
        name={name}
        checked={value === true}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
      />
    );
  // A field naming another family's row (or rows) is found by typing its name: the whole family is searched.
  if (kind === 'uuid' && target)
    return (
      <Combobox
        {...wiring}
        source={familySource(target)}
        value={String(value)}
        disabled={disabled}
        onChange={(id) => onChange(id)}
      />
    );
  if (kind === 'uuids' && target)
    return (
      <MultiPicker
        {...wiring}
        family={target}
        value={Array.isArray(value) ? value : []}
        disabled={disabled}
        onChange={onChange}
      />
    );
  if (kind === 'enum') {
    const options = (enumValues(inner) ?? []).map((option) => ({ id: option, name: valueLabel(option) }));
    return (
      <select
        {...wiring}
        name={name}
        value={String(value)}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">—</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    );
  }
  const text = typeof value === 'string' ? value : '';
  if (kind === 'longtext' || kind === 'strings' || kind === 'json') {
    return (
      <textarea
        {...wiring}
        name={name}
        rows={kind === 'longtext' ? 4 : 3}
        value={text}
        disabled={disabled}
        maxLength={inner.maxLength}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  const type =
    { integer: 'number', number: 'number', date: 'date', datetime: 'datetime-local' }[kind as string] ?? 'text';
  return (
    <input
      {...wiring}
      type={type}
      name={name}
      value={text}
      disabled={disabled}
      maxLength={inner.maxLength}
      min={inner.minimum}
      max={inner.maximum}
      step={kind === 'number' ? 'any' : undefined}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
