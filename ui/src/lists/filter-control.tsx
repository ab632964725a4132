import { Combobox } from '../base/combobox.js';
import { Field } from '../base/field.js';
import { valueLabel } from '../base/glossary.js';
import { enumValues, kindOf, labelOf, unwrapNull, type JsonSchema } from '../inventory/schema.js';
import { familyOfIdField, familySource } from './options.js';

/**
 * One list filter as a form control, by its schema: an id chosen by name (a combobox over the
 * family it names), an enum or a yes/no as a select, anything else as text. The lists' filters and
 * the restrictions of a custom role (roles page) use it.
 */
export function FilterControl({
  name,
  schema,
  value,
  references,
  onChange,
  onChoose,
}: {
  name: string;
  schema: JsonSchema;
  value: string;
  references: Record<string, string>;
  onChange(value: string): void;
  /** A reference chosen by name applies the filter at once. */
  onChoose(value: string): void;
}) {
  const { schema: inner } = unwrapNull(schema);
  if (kindOf(inner) === 'uuid')
    return (
      <Field label={labelOf(name)}>
        <Combobox
          source={familySource(familyOfIdField(name, references))}
          value={value}
          placeholder="Any"
          onChange={onChoose}
        />
      </Field>
    );
  const options = enumValues(inner) ?? (kindOf(inner) === 'boolean' ? ['true', 'false'] : undefined);
  return (
    <Field label={labelOf(name)}>
      {options ? (
        <select value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">Any</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option === 'true' ? 'yes' : option === 'false' ? 'no' : valueLabel(option)}
            </option>
          ))}
        </select>
      ) : (
        <input type="text" value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
}
