import { useState, type ReactNode } from 'react';
import type { Resource } from '../api/console-api.js';
import { formatDate, formatMemoryMb, formatQuantity, formatStorageGb, relativeTime } from '../base/format.js';
import { fieldLabel, valueLabel } from '../base/glossary.js';
import { kindOf, type ConsoleFamily } from './schema.js';

/**
 * The top of a detail page, as NetBox shows an object: its key facts in one line under the name
 * (for a host: hostname, environment, OS and version, reported by an agent or entered by hand),
 * and its id in a small line with a Copy button, rather than first among the fields.
 */

/** Fields shown as key facts when the family has them, in this order. */
const KEY_FACTS = [
  'hostname',
  'environment',
  'os',
  'automatic',
  'cidr',
  'vlan',
  'criticality',
  'lifecycleStatus',
  'hostingType',
  'status',
  'vendor',
  'location',
] as const;

/** A date as time ago, with the exact date and time on hover. */
export function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <>—</>;
  return (
    <time dateTime={iso} title={formatDate(iso)}>
      {relativeTime(iso)}
    </time>
  );
}

/** Fields whose values carry a unit: shown with it, under a label without it. */
export const UNIT_FIELDS: Record<string, { label: string; format: (value: number) => string }> = {
  memoryMb: { label: fieldLabel('memory'), format: (value) => formatMemoryMb(value) },
  storageGb: { label: fieldLabel('storage'), format: (value) => formatStorageGb(value) },
  cpuCores: { label: fieldLabel('cpuCores'), format: (value) => formatQuantity(value, 'core') },
};

/** A value formatted for people when its field or kind calls for it (sizes, dates), else undefined. */
export function formattedValue(family: ConsoleFamily, field: string, value: unknown): ReactNode | undefined {
  if (typeof value === 'number' && UNIT_FIELDS[field]) return UNIT_FIELDS[field].format(value);
  const schema = family.item.properties?.[field];
  if (schema && typeof value === 'string' && kindOf(schema) === 'datetime') return <When iso={value} />;
  return undefined;
}

function fact(resource: Resource, field: (typeof KEY_FACTS)[number]): string | undefined {
  const value = resource[field];
  if (field === 'automatic')
    return value === true ? 'Reported by an agent' : value === false ? 'Entered by hand' : undefined;
  if (field === 'os' && typeof value === 'string') {
    const version = resource.osVersion;
    return typeof version === 'string' && version ? `${value} ${version}` : value;
  }
  if (field === 'vlan' && typeof value === 'number') return `${fieldLabel('vlan')} ${value}`;
  if (typeof value !== 'string' || !value) return undefined;
  return ['environment', 'criticality', 'lifecycleStatus', 'hostingType', 'status'].includes(field)
    ? valueLabel(value)
    : value;
}

/** The key facts of the item, each labelled for screen readers and on hover. */
export function KeyFacts({ family, resource }: { family: ConsoleFamily; resource: Resource }) {
  const facts = KEY_FACTS.filter((field) => family.item.properties?.[field])
    .map((field) => [field, fact(resource, field)] as const)
    .filter(([, text]) => text !== undefined && text !== resource.name);
  if (facts.length === 0) return null;
  return (
    <ul className="key-facts" aria-label="Key facts">
      {facts.map(([field, text]) => (
        <li key={field} title={field === 'automatic' ? undefined : fieldLabel(field)}>
          {field !== 'automatic' && <span className="visually-hidden">{fieldLabel(field)}: </span>}
          {text}
        </li>
      ))}
    </ul>
  );
}

/** The item's id, small, with a button that copies it. */
export function IdLine({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <p className="id-line">
      ID <code>{id}</code>{' '}
      <button type="button" className="link-button" onClick={() => void copy()} aria-label="Copy ID">
        Copy
      </button>
      <span role="status">{copied ? ' Copied' : ''}</span>
    </p>
  );
}
