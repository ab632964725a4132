import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { inventoryApi } from '../api/console-api.js';

/** Names already fetched, by family and id: a page naming the same resource twice asks once. */
const names = new Map<string, Promise<string>>();

function nameOf(family: string, id: string): Promise<string> {
  const key = `${family}/${id}`;
  let name = names.get(key);
  if (!name) {
    name = inventoryApi.get(family, id).then(
      (resource) => String(resource.name ?? resource.title ?? resource.email ?? id),
      () => id,
    );
    names.set(key, name);
  }
  return name;
}

/** A link to a resource's detail page, named after it. */
export function ResourceLink({ family, id, name }: { family: string; id: string; name?: string }) {
  const [shown, setShown] = useState(name ?? id);
  useEffect(() => {
    if (name) return;
    let current = true;
    void nameOf(family, id).then((found) => current && setShown(found));
    return () => {
      current = false;
    };
  }, [family, id, name]);
  return <Link href={`/${family}/${id}`}>{shown}</Link>;
}
