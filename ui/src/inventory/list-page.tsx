import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { messageOf } from '../api/client.js';
import { type CustomField, customFieldsApi, type Resource } from '../api/console-api.js';
import { queries } from '../api/queries.js';
import { Field, FilterActions, FormError } from '../base/field.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';
import { type BulkAbilities, BulkActions } from '../lists/bulk-actions.js';
import { BulkEdit } from './bulk-edit.js';
import { FilterControl } from '../lists/filter-control.js';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, Pager } from '../lists/pager.js';
import { SavedViews, type ViewQuery } from '../lists/saved-views.js';
import { SortHeader } from '../lists/sort-header.js';
import { TransferActions } from '../transfer/list-actions.js';
import { useFamily } from './catalog.js';
import { SORTED_FIELD_TYPES } from '../../../src/base/custom-fields/field-kinds.js';
import { fieldSchemaOf, TAKES_FIELDS } from './resource-form.js';
import { ResourceLink } from './resource-name.js';
import { formatCount } from '../base/format.js';
import { FoldedOnPhone, useWideScreen } from '../base/media.js';
import { defaultColumns, display, enumValues, labelOf, type ConsoleFamily } from './schema.js';

const PAGING = new Set(['limit', 'offset', 'q', 'sort']);

/** The columns the person chose for a family, remembered in this browser. */
function useColumns(family: ConsoleFamily): [string[], (columns: string[]) => void] {
  const storageKey = `estate.columns.${family.key}`;
  const [columns, setColumns] = useState<string[]>(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey) ?? 'null') as unknown;
      // A custom field's column (cf_<name>) is checked when the list draws it: definitions load later.
      const known = (field: unknown) =>
        typeof field === 'string' && (field.startsWith('cf_') || family.item.properties?.[field] !== undefined);
      if (Array.isArray(saved) && saved.every(known)) return saved as string[];
    } catch {
      // a damaged entry falls back to the default
    }
    return defaultColumns(family);
  });
  const save = (next: string[]) => {
    setColumns(next);
    localStorage.setItem(storageKey, JSON.stringify(next));
  };
  return [columns, save];
}

/** Custom field types the list offers to sort by (a reference's order is its id's, which reads as none). */
const SORTED_TYPES: ReadonlySet<string> = new Set([...SORTED_FIELD_TYPES].filter((type) => type !== 'reference'));
/** Custom field types the list's form filters by (equality; a date's day). */
const FILTERED_TYPES = new Set(['text', 'url', 'integer', 'decimal', 'boolean', 'date', 'select']);

function Cell({
  family,
  field,
  item,
  custom,
}: {
  family: ConsoleFamily;
  field: string;
  item: Resource;
  custom: Map<string, CustomField>;
}) {
  const definition = custom.get(field);
  if (definition) {
    const values = (item.customFields ?? {}) as Record<string, unknown>;
    return <>{display(values[definition.name], fieldSchemaOf(definition))}</>;
  }
  const value = item[field];
  const target = family.references[field];
  if (target && typeof value === 'string') return <ResourceLink family={target} id={value} />;
  return <>{display(value, family.item.properties?.[field] ?? {})}</>;
}

/**
 * /ui/<family>: one page of the family at a time, with search, its filters (references chosen by
 * name), sort by column header, page numbers and page size, all kept in the URL so that a view can
 * be bookmarked, shared or saved; rows selected for bulk actions (delete, tag, link).
 */
export function ListPage({ familyKey }: { familyKey: string }) {
  const family = useFamily(familyKey);
  if (!family) return <p>There is no such list.</p>;
  return <FamilyList key={family.key} family={family} />;
}

function FamilyList({ family }: { family: ConsoleFamily }) {
  const { can, isAdmin } = useAbilities();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = Object.fromEntries(new URLSearchParams(search));
  const [draft, setDraft] = useState<Record<string, string>>(params);
  // Rows chosen for a bulk action: those of the page shown (a new URL clears them).
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  // A new URL (a link, Clear, Back) shows its own filters in the form.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setDraft(params);
    setSelected(new Map());
  }
  const limit = PAGE_SIZES.find((size) => String(size) === params.limit) ?? DEFAULT_PAGE_SIZE;
  // The rows shown stay until the next ones come (paging and filtering do not blank the table).
  const list = useQuery({
    ...queries.list(family.key, { ...params, limit: String(limit) }),
    placeholderData: keepPreviousData,
  });
  const page = list.data;
  const [chosenColumns, setColumns] = useColumns(family);
  const filters = Object.entries(family.listQuery.properties ?? {}).filter(([name]) => !PAGING.has(name));
  const wide = useWideScreen();
  // The filters a person set (not the search, the paging or the sort), counted on the folded line.
  const filtersSet = Object.entries(params).filter(([name, value]) => value !== '' && !PAGING.has(name)).length;
  // The family's custom fields: columns, sorts and (filterable ones) filters, keyed cf_<name>.
  const definitions = useQuery({
    queryKey: ['custom-fields', family.key],
    queryFn: () => customFieldsApi.list(family.key),
    enabled: TAKES_FIELDS.has(family.key),
  });
  const custom = new Map((definitions.data?.data ?? []).map((field) => [`cf_${field.name}`, field]));
  const columns = chosenColumns.filter((field) => !field.startsWith('cf_') || custom.has(field));
  const columnLabel = (field: string) => custom.get(field)?.label ?? labelOf(field);
  const sorts = [
    ...(enumValues(family.listQuery.properties?.sort ?? {}) ?? []),
    ...[...custom]
      .filter(([, field]) => field.filterable && SORTED_TYPES.has(field.type))
      .flatMap(([column]) => [column, `-${column}`]),
  ];
  const offset = Number(params.offset ?? 0) || 0;

  // The moment a page of rows is on screen, for the browser's Performance API (the scale tests read it).
  useEffect(() => {
    if (page) requestAnimationFrame(() => performance.mark('estate:list-shown', { detail: family.key }));
  }, [page, family.key]);

  const go = (next: Record<string, string | undefined>) => {
    const query = new URLSearchParams(
      Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1])),
    );
    const text = query.toString();
    navigate(text ? `/${family.key}?${text}` : `/${family.key}`);
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    go({ ...draft, offset: undefined });
  };
  const toggleColumn = (field: string) =>
    setColumns(columns.includes(field) ? columns.filter((column) => column !== field) : [...columns, field]);
  const total = page?.pagination.total ?? 0;
  // The first column names the row's link; an empty value shows the id rather than a dash.
  const rowName = (item: Resource, field: string) => {
    const definition = custom.get(field);
    const values = (item.customFields ?? {}) as Record<string, unknown>;
    const shown = definition
      ? display(values[definition.name], fieldSchemaOf(definition))
      : display(item[field], family.item.properties?.[field] ?? {});
    return shown === '—' ? item.id : shown;
  };
  const title = family.many.charAt(0).toUpperCase() + family.many.slice(1);

  // Bulk actions: on the inventory's families (those with an edit scope), by the member's role.
  const editable = (segment: string) => family.relations.some((r) => r.segment === segment && r.editable);
  const abilities: BulkAbilities = {
    delete: Boolean(family.scopes.edit && family.scopes.delete && can(family.scopes.delete)),
    tag: Boolean(family.scopes.edit && can(family.scopes.edit) && editable('tags')),
    link: Boolean(family.scopes.edit && can(family.scopes.edit) && editable('applications')),
    edit: Boolean(family.scopes.edit && can(family.scopes.edit) && family.update),
  };
  const selecting = abilities.delete || abilities.tag || abilities.link || abilities.edit;
  const rows = page?.data ?? [];
  const allChosen = rows.length > 0 && rows.every((item) => selected.has(item.id));
  const choose = (item: Resource, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(item.id, rowName(item, columns[0] ?? 'name'));
    else next.delete(item.id);
    setSelected(next);
  };
  const chooseAll = (on: boolean) =>
    setSelected(on ? new Map(rows.map((item) => [item.id, rowName(item, columns[0] ?? 'name')])) : new Map());
  const current: ViewQuery = { ...params, columns };
  delete current.offset;
  const openView = (view: ViewQuery) => {
    const { columns: chosen, ...query } = view;
    if (Array.isArray(chosen))
      setColumns(chosen.filter((field) => field.startsWith('cf_') || family.item.properties?.[field]));
    go(
      Object.fromEntries(
        Object.entries(query).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      ),
    );
  };

  return (
    <>
      <PageHeader title={title}>
        <TransferActions family={family} params={params} columns={columns} />
        {family.create && family.scopes.add && can(family.scopes.add) && (
          <button type="button" className="primary" onClick={() => navigate(`/${family.key}/new`)}>
            New
          </button>
        )}
      </PageHeader>
      <SavedViews family={family.key} current={current} isAdmin={isAdmin} onOpen={openView} />
      <form className="filters" onSubmit={apply}>
        <Field label="Search">
          <input
            type="search"
            value={draft.q ?? ''}
            maxLength={200}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </Field>
        {/* On a phone the filters fold away under one line, so that the rows come first. */}
        <FoldedOnPhone wide={wide} summary={filtersSet > 0 ? `Filters (${formatCount(filtersSet)} set)` : 'Filters'}>
          {filters.map(([name, schema]) => (
            <FilterControl
              key={name}
              name={name}
              schema={schema}
              value={draft[name] ?? ''}
              references={family.references}
              onChange={(value) => setDraft({ ...draft, [name]: value })}
              onChoose={(value) => go({ ...draft, [name]: value, offset: undefined })}
            />
          ))}
          {[...custom]
            .filter(([, field]) => field.filterable && FILTERED_TYPES.has(field.type))
            .map(([column, field]) => (
              <Field key={column} label={field.label}>
                {field.type === 'select' || field.type === 'boolean' ? (
                  <select
                    value={draft[column] ?? ''}
                    onChange={(event) => setDraft({ ...draft, [column]: event.target.value })}
                  >
                    <option value="">Any</option>
                    {(field.type === 'boolean' ? ['true', 'false'] : (field.choices ?? [])).map((choice) => (
                      <option key={choice} value={choice}>
                        {choice === 'true' ? 'yes' : choice === 'false' ? 'no' : choice}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    type={field.type === 'date' ? 'date' : 'text'}
                    value={draft[column] ?? ''}
                    onChange={(event) => setDraft({ ...draft, [column]: event.target.value })}
                  />
                )}
              </Field>
            ))}
          {sorts.length > 0 && (
            <Field label="Sort by">
              <select value={draft.sort ?? ''} onChange={(event) => setDraft({ ...draft, sort: event.target.value })}>
                <option value="">Default ({labelOf(family.defaultSort).toLowerCase()})</option>
                {sorts.map((sort) => (
                  <option key={sort} value={sort}>
                    {columnLabel(sort.replace(/^-/, ''))} {sort.startsWith('-') ? '↓' : '↑'}
                  </option>
                ))}
              </select>
            </Field>
          )}
        </FoldedOnPhone>
        <FilterActions onClear={() => go({})} />
      </form>
      <details className="columns">
        <summary>Columns</summary>
        <fieldset>
          <legend className="visually-hidden">Columns shown</legend>
          {[
            ...Object.keys(family.item.properties ?? {}).filter((field) => field !== 'id' && field !== 'customFields'),
            ...custom.keys(),
          ].map((field) => (
            <label key={field}>
              <input type="checkbox" checked={columns.includes(field)} onChange={() => toggleColumn(field)} />{' '}
              {columnLabel(field)} column
            </label>
          ))}
        </fieldset>
      </details>
      <FormError error={messageOf(list.error)} />
      {page && (
        <>
          <p role="status">
            {total === 0
              ? `No ${family.many}`
              : `${formatCount(offset + 1)}–${formatCount(offset + page.data.length)} of ${formatCount(total)}`}
          </p>
          {selecting && (
            <BulkActions
              family={family.key}
              noun={family.many}
              selected={[...selected].map(([id, name]) => ({ id, name }))}
              abilities={abilities}
              edit={
                abilities.edit && (
                  <BulkEdit
                    family={family}
                    fields={definitions.data?.data ?? []}
                    selected={[...selected].map(([id, name]) => ({ id, name }))}
                    query={params}
                    total={total}
                    onDone={() => setSelected(new Map())}
                  />
                )
              }
              onDone={() => setSelected(new Map())}
            />
          )}
          {page.data.length > 0 && (
            <div className="table-scroll">
              <table>
                <caption className="visually-hidden">{title}</caption>
                <thead>
                  <tr>
                    {selecting && (
                      <th scope="col" className="select">
                        <input
                          type="checkbox"
                          aria-label="Select all on this page"
                          checked={allChosen}
                          onChange={(event) => chooseAll(event.target.checked)}
                        />
                      </th>
                    )}
                    {columns.map((field) => (
                      <SortHeader
                        key={field}
                        field={field}
                        label={columnLabel(field)}
                        sorts={sorts}
                        current={params.sort ?? family.defaultSort}
                        onSort={(sort) => go({ ...params, sort, offset: undefined })}
                      />
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {page.data.map((item) => (
                    <tr key={item.id}>
                      {selecting && (
                        <td className="select">
                          <input
                            type="checkbox"
                            aria-label={`Select ${rowName(item, columns[0] ?? 'name')}`}
                            checked={selected.has(item.id)}
                            onChange={(event) => choose(item, event.target.checked)}
                          />
                        </td>
                      )}
                      {columns.map((field, index) =>
                        index === 0 ? (
                          <th key={field} scope="row">
                            <Link href={`/${family.key}/${item.id}`}>{rowName(item, field)}</Link>
                          </th>
                        ) : (
                          <td key={field}>
                            <Cell family={family} field={field} item={item} custom={custom} />
                          </td>
                        ),
                      )}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            offset={offset}
            limit={limit}
            total={total}
            onOffset={(next) => go({ ...params, offset: next > 0 ? String(next) : undefined })}
            onLimit={(size) =>
              go({ ...params, limit: size === DEFAULT_PAGE_SIZE ? undefined : String(size), offset: undefined })
            }
          />
        </>
      )}
    </>
  );
}
