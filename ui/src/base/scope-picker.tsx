import { groupScopes, humanize } from './format.js';

/** Scopes as checkboxes grouped by family (a fieldset each, named after the family). */
export function ScopePicker({
  scopes,
  chosen,
  onToggle,
}: {
  scopes: readonly string[];
  chosen: ReadonlySet<string>;
  onToggle(scope: string): void;
}) {
  return (
    <>
      {groupScopes(scopes).map(([family, actions]) => (
        <fieldset key={family} className="scope-family">
          <legend>{humanize(family)}</legend>
          {actions.map((action) => {
            const scope = `${family}:${action}`;
            return (
              <label key={scope}>
                <input type="checkbox" checked={chosen.has(scope)} onChange={() => onToggle(scope)} /> {action}
              </label>
            );
          })}
        </fieldset>
      ))}
    </>
  );
}

/** The set with `scope` added, or removed when it was in. */
export function toggled(set: ReadonlySet<string>, scope: string): Set<string> {
  const next = new Set(set);
  if (next.has(scope)) next.delete(scope);
  else next.add(scope);
  return next;
}
