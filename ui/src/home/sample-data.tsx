import { useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import type { Answer } from '../api/contract.js';
import { call, messageOf } from '../api/client.js';
import { queries } from '../api/queries.js';
import { FormError } from '../base/field.js';
import { useAbilities } from '../base/session.js';
import { useCatalog } from '../inventory/catalog.js';

type SampleDataLoaded = Answer<'/sample-data', 'post'>;

/**
 * **Load sample data** on the demo workspace while it holds no inventory (admins only): the seed
 * generator of `estate seed`, small size, run by the console API in this workspace, so that a first
 * look shows lists, dashboards and diagrams with something in them.
 */
export function LoadSampleData() {
  const { isAdmin } = useAbilities();
  const client = useQueryClient();
  // The people of the workspace are its members, never empty: the inventory is everything else.
  const families = useCatalog().filter((family) => family.key !== 'users');
  const empty = useQueries({
    queries: isAdmin ? families.map((family) => queries.list(family.key, { limit: '1' })) : [],
    combine: (results) =>
      results.length > 0 && results.every((result) => result.data)
        ? results.every((result) => result.data?.pagination.total === 0)
        : false,
  });
  const load = useMutation({
    mutationFn: () => call<SampleDataLoaded>('POST', '/sample-data', {}),
    // Every count, list and dashboard read before now is out of date.
    onSettled: () => client.invalidateQueries(),
  });
  if (!isAdmin || (!empty && !load.data)) return null;
  return (
    <section className="banner" aria-labelledby="sample-data">
      <h2 id="sample-data">Try it with sample data</h2>
      {load.data ? (
        <p role="status">
          Sample data loaded: {load.data.created.servers ?? 0} servers, {load.data.created.applications ?? 0}{' '}
          applications and what goes with them.
        </p>
      ) : (
        <>
          <p>
            This workspace is empty. Fill it with a small made-up estate (servers, applications, networks, contracts,
            teams and their history) to see every page at work. You can delete it item by item later.
          </p>
          <button type="button" className="primary" disabled={load.isPending} onClick={() => load.mutate()}>
            {load.isPending ? 'Loading sample data…' : 'Load sample data'}
          </button>
          <FormError error={messageOf(load.error)} />
        </>
      )}
    </section>
  );
}
