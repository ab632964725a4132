import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ApiFailure, failureOf, messageOf } from '../api/client.js';
import { invalidate, stale } from '../api/queries.js';
import { Field, FilterActions, FormError } from '../base/field.js';
import { formatCount } from '../base/format.js';
import { PageHeader } from '../base/layout.js';
import { useAbilities } from '../base/session.js';
import { Combobox } from '../base/combobox.js';
import { familySource } from '../lists/options.js';
import { keyOfProduct, ProductRow, type PickedApplication } from './product-rows.js';
import { productQueries, productsApi, type Product, type ProductDecision } from './products-api.js';

const FILTERS = ['status', 'vendor', 'q'] as const;
const PAGE = 50;

/** The sortable columns: the header's words and the sort it asks for (the first click's direction). */
const SORTABLE: Record<string, { sort: string; first: 'asc' | 'desc' }> = {
  Product: { sort: 'name', first: 'asc' },
  Vendor: { sort: 'vendor', first: 'asc' },
  Installs: { sort: 'installs', first: 'desc' },
  Status: { sort: 'new', first: 'desc' },
};
const COLUMNS = ['Product', 'Vendor', 'Installs', 'Status', 'Catalog match', 'Application'];

/**
 * /ui/discovered: software the agents found, one row per product (name and vendor) with its
 * installs, status counts and catalog match, in one request per page; a row opens on its hosts.
 * Selected products are linked to an application, made applications, ignored or put back to
 * triage as a whole (each product one request, all its installs at once); a single install from
 * its host's row.
 */
export function TriagePage() {
  const { can } = useAbilities();
  const search = useSearch();
  const [, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const filters: Record<string, string> = Object.fromEntries(
    FILTERS.map((name) => [name, params.get(name) ?? (name === 'status' && !params.has('status') ? 'new' : '')]),
  );
  const sort = params.get('sort') || '-installs';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const client = useQueryClient();
  const [draft, setDraft] = useState<Record<string, string>>(filters);
  const [selected, setSelected] = useState<Map<string, Product>>(new Map());
  const [target, setTarget] = useState<PickedApplication>();
  // A new URL (a link, Back) shows its own filters, and nothing of the last page stays selected.
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setDraft(filters);
    setSelected(new Map());
  }
  const query = Object.fromEntries(
    Object.entries({ ...filters, sort, limit: String(PAGE), offset: String(offset) }).filter(([, value]) => value),
  );
  const list = useQuery({ ...productQueries.list(query), placeholderData: keepPreviousData });
  const page = list.data;
  const rows = page?.data ?? [];
  const mayTriage = can('applications:edit');

  const go = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(search);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined) next.delete(name);
      else next.set(name, value);
    }
    navigate(`/discovered?${next.toString()}`);
  };

  /** One decision for every selected product, in order; says how many installs changed. */
  const run = useMutation({
    mutationFn: async ({ label, act }: { label: string; act: (product: Product) => Promise<{ changed: number }> }) => {
      let products = 0;
      let installs = 0;
      try {
        for (const product of selected.values()) {
          installs += (await act(product)).changed;
          products += 1;
        }
      } catch (failure) {
        const { status, code, message } = failureOf(failure);
        throw new ApiFailure(status, code, `${label}: ${products} done, then ${message}`);
      }
      return (
        `${label}: ${formatCount(products)} ${products === 1 ? 'product' : 'products'}, ` +
        `${formatCount(installs)} ${installs === 1 ? 'install' : 'installs'} changed.`
      );
    },
    onSettled: () => {
      setSelected(new Map());
      void invalidate(client, stale.inventory);
    },
  });
  const decide = (label: string, decision: ProductDecision) =>
    run.mutate({ label, act: (product) => productsApi.triage(product, decision) });
  const busy = run.isPending;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams(Object.entries(draft).filter(([, value]) => value));
    if (!draft.status) next.set('status', '');
    if (params.get('sort')) next.set('sort', sort);
    navigate(`/discovered?${next.toString()}`);
  };
  const toggle = (product: Product) => {
    const next = new Map(selected);
    const key = keyOfProduct(product);
    if (next.has(key)) next.delete(key);
    else next.set(key, product);
    setSelected(next);
  };
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(keyOfProduct(row)));
  const total = page?.pagination.total ?? 0;

  return (
    <>
      <PageHeader title="Discovered software" />
      <p className="lead">
        What agents found installed on hosts, one row per product. Link a product to the application it belongs to, make
        it an application, or ignore it; open a row to see its hosts and decide for one host.
      </p>
      <form className="filters" onSubmit={apply}>
        <Field label="Search">
          <input
            type="search"
            maxLength={200}
            value={draft.q ?? ''}
            onChange={(event) => setDraft({ ...draft, q: event.target.value })}
          />
        </Field>
        <Field label="Status">
          <select value={draft.status ?? ''} onChange={(event) => setDraft({ ...draft, status: event.target.value })}>
            <option value="">Any</option>
            <option value="new">Awaiting triage</option>
            <option value="linked">Linked</option>
            <option value="ignored">Ignored</option>
          </select>
        </Field>
        <Field label="Vendor">
          <input
            type="text"
            maxLength={200}
            value={draft.vendor ?? ''}
            onChange={(event) => setDraft({ ...draft, vendor: event.target.value })}
          />
        </Field>
        <FilterActions />
      </form>
      {mayTriage && (
        <fieldset className="bulk">
          <legend className="visually-hidden">Triage the selected products</legend>
          <span>
            {selected.size} {selected.size === 1 ? 'product' : 'products'} selected
          </span>
          <Field label="Application">
            <Combobox
              source={familySource('applications')}
              value={target?.id ?? ''}
              onChange={(id, option) => setTarget(id ? { id, name: option?.name ?? id } : undefined)}
            />
          </Field>
          <button
            type="button"
            disabled={busy || selected.size === 0 || !target}
            onClick={() => target && decide('Link', { action: 'link', applicationId: target.id })}
          >
            Link selected
          </button>
          {can('applications:add') && (
            <button
              type="button"
              disabled={busy || selected.size === 0}
              onClick={() => run.mutate({ label: 'Create applications', act: productsApi.createApplication })}
            >
              Create applications
            </button>
          )}
          <button
            type="button"
            disabled={busy || selected.size === 0}
            onClick={() => decide('Ignore', { action: 'ignore' })}
          >
            Ignore selected
          </button>
          <button
            type="button"
            disabled={busy || selected.size === 0}
            onClick={() => decide('Back to new', { action: 'new' })}
          >
            Back to new
          </button>
        </fieldset>
      )}
      <FormError error={messageOf(run.error ?? list.error)} />
      {run.data && <p role="status">{run.data}</p>}
      {page && (
        <p>
          {total === 0
            ? 'Nothing to show.'
            : `Products ${formatCount(offset + 1)}–${formatCount(offset + rows.length)} of ${formatCount(total)}`}
        </p>
      )}
      {rows.length > 0 && (
        <div className="table-scroll">
          <table className="products">
            <caption className="visually-hidden">Discovered software by product</caption>
            <thead>
              <tr>
                {COLUMNS.map((column) => {
                  const sortable = SORTABLE[column];
                  if (!sortable) {
                    return (
                      <th key={column} scope="col">
                        {column}
                      </th>
                    );
                  }
                  const current = sort.replace(/^-/, '') === sortable.sort;
                  const descending = sort.startsWith('-');
                  const nextDescending = current ? !descending : sortable.first === 'desc';
                  return (
                    <th
                      key={column}
                      scope="col"
                      aria-sort={current ? (descending ? 'descending' : 'ascending') : undefined}
                    >
                      <button
                        type="button"
                        className="link-button"
                        onClick={() => go({ sort: `${nextDescending ? '-' : ''}${sortable.sort}`, offset: undefined })}
                      >
                        {column}
                        {current && <span aria-hidden="true">{descending ? ' ↓' : ' ↑'}</span>}
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {rows.map((product) => (
                <ProductRow
                  key={keyOfProduct(product)}
                  product={product}
                  columns={COLUMNS.length}
                  selected={selected.has(keyOfProduct(product))}
                  onToggle={() => toggle(product)}
                  mayTriage={mayTriage}
                  target={target}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {mayTriage && rows.length > 0 && (
        <button
          type="button"
          onClick={() =>
            setSelected(allSelected ? new Map() : new Map(rows.map((row) => [keyOfProduct(row), row] as const)))
          }
        >
          {allSelected ? 'Select none' : 'Select all on this page'}
        </button>
      )}
      {total > PAGE && (
        <nav className="pager" aria-label="Pages of products">
          <button
            type="button"
            disabled={offset === 0}
            onClick={() => go({ offset: String(Math.max(0, offset - PAGE)) })}
          >
            Previous
          </button>
          <button type="button" disabled={offset + PAGE >= total} onClick={() => go({ offset: String(offset + PAGE) })}>
            Next
          </button>
        </nav>
      )}
    </>
  );
}
