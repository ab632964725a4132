import { Combobox } from '../base/combobox.js';
import { familySource } from './options.js';

/** One chosen item, named (its id until the name is read), with a button that takes it out. */
function Chosen({ family, id, onRemove }: { family: string; id: string; onRemove(): void }) {
  const name = familySource(family).useOne(id).data?.name ?? id;
  return (
    <li>
      {name}{' '}
      <button type="button" className="link-button" aria-label={`Remove ${name}`} onClick={onRemove}>
        Remove
      </button>
    </li>
  );
}

/**
 * A field that names several rows of another family (a contract's applications): the chosen ones
 * listed with **Remove**, and a combobox that finds one more by name and adds it.
 */
export function MultiPicker({
  family,
  value,
  onChange,
  disabled,
  ...wiring
}: {
  family: string;
  value: string[];
  onChange(value: string[]): void;
  disabled?: boolean | undefined;
  id?: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <div className="multi-picker">
      {value.length > 0 && (
        <ul className="inline-list">
          {value.map((id) => (
            <Chosen key={id} family={family} id={id} onRemove={() => onChange(value.filter((other) => other !== id))} />
          ))}
        </ul>
      )}
      <Combobox
        {...wiring}
        source={familySource(family)}
        value=""
        exclude={new Set(value)}
        disabled={disabled}
        placeholder="Type to add"
        onChange={(id) => {
          if (id && !value.includes(id)) onChange([...value, id]);
        }}
      />
    </div>
  );
}
