/** A table's hidden caption and its column headers; the last, unnamed column holds row actions. */
export function TableHead({
  caption,
  columns,
  actions = true,
}: {
  caption: string;
  columns: string[];
  actions?: boolean;
}) {
  return (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          )}
        </tr>
      </thead>
    </>
  );
}
