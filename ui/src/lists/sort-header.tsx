/**
 * A column header that sorts its list: a button inside the th, whose aria-sort says the order
 * shown. A click sorts by the column ascending, a second click descending.
 */
export function SortHeader({
  field,
  label,
  sorts,
  current,
  onSort,
}: {
  field: string;
  label: string;
  /** The list's allowed sorts (`name`, `-name`…). */
  sorts: readonly string[];
  /** The sort shown: the URL's, or the list's default. */
  current: string;
  onSort(sort: string): void;
}) {
  if (!sorts.includes(field) && !sorts.includes(`-${field}`)) return <th scope="col">{label}</th>;
  const direction = current === field ? 'ascending' : current === `-${field}` ? 'descending' : undefined;
  const next = direction === 'ascending' && sorts.includes(`-${field}`) ? `-${field}` : field;
  return (
    <th scope="col" aria-sort={direction ?? 'none'}>
      <button type="button" className="sort-button" onClick={() => onSort(sorts.includes(next) ? next : `-${field}`)}>
        {label}
        <span aria-hidden="true">{direction === 'ascending' ? ' ▲' : direction === 'descending' ? ' ▼' : ''}</span>
      </button>
    </th>
  );
}
