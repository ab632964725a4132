import { valueLabel } from './glossary.js';

/** Dates as the person's browser writes them, with the exact instant on hover. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The family of a scope (`infrastructure:read` → infrastructure), for grouping checkboxes. */
export function groupScopes(scopes: readonly string[]): [family: string, actions: string[]][] {
  const groups = new Map<string, string[]>();
  for (const scope of scopes) {
    const [family = scope, action = ''] = scope.split(':');
    groups.set(family, [...(groups.get(family) ?? []), action]);
  }
  return [...groups.entries()];
}

/** An API word (a status, an action, a resource type) in people's words, from the glossary. */
export function humanize(value: string): string {
  return valueLabel(value);
}
