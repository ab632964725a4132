import { Link } from 'wouter';

/**
 * The way in and out of a diagram's views, in a sentence above the picture: what a click on it
 * opens, the page of the application the flow map is centred on, back to all categories or all
 * networks, and the whole flow map when it opened by category.
 */
export function ViewLinks({
  name,
  params,
  answer,
}: {
  name: string;
  params: Record<string, string>;
  answer: Record<string, unknown> | undefined;
}) {
  if (name === 'flow-mapping') {
    const nodes = (answer?.nodes ?? []) as { id: string; label: string }[];
    const centre = params.applicationId ? nodes.find((node) => node.id === params.applicationId) : undefined;
    const aggregated = answer?.name === 'flow-mapping-categories';
    const byCategory = aggregated || params.applicationId || params.categoryId || params.view === 'all';
    return (
      <p className="view-links">
        {aggregated ? 'Choose a category to see its applications. ' : 'Choose an application to centre the map on it. '}
        {centre && (
          <>
            Centred on <Link href={`/applications/${encodeURIComponent(centre.id)}`}>{centre.label}</Link>.{' '}
          </>
        )}
        {aggregated && <Link href="/diagrams/flow-mapping?view=all">Show every application</Link>}
        {byCategory && !aggregated && <Link href="/diagrams/flow-mapping">All categories</Link>}
      </p>
    );
  }
  if (name === 'network-mapping') {
    const overview = answer?.name === 'network-mapping-networks';
    return (
      <p className="view-links">
        {overview ? 'Choose a network to see its servers.' : <Link href="/diagrams/network-mapping">All networks</Link>}
      </p>
    );
  }
  return null;
}
