/**
 * Column-mapping presets (docs/import-export.md, "Presets"): how another inventory's CSV export
 * becomes a file of Estate's columns. A preset knows the headers that inventory writes (compared
 * without case or surrounding spaces, with the aliases its own importer accepts), and turns each
 * row of them into a row of Estate's columns, converting values where the two differ (NetBox's
 * "10.0.0.1/24" is the address 10.0.0.1; Snipe-IT's "Ready to Deploy" is `in_stock`). Headers it
 * does not know are listed in the import's report and ignored: a preset reads a file made by
 * another tool, whose extra columns (its own ids, custom fields, what Estate has no field for)
 * are expected.
 */
import { isIP } from 'node:net';

export interface Preset {
  /** What `--preset` names it by. */
  name: string;
  description: string;
  /** The family its rows are imported into (its API path without `/`). */
  family: string;
  /** The source's headers this preset reads, each with the other spellings it accepts. */
  headers: Record<string, readonly string[]>;
  /** The field a re-import is best matched by (`--match`), for the docs and the console. */
  match: string;
  /**
   * Source headers Estate has no field for, kept as custom fields: header → field name (its
   * `cf_<name>` column). Spelled as `headers` are (aliases compared without case).
   */
  fields: Record<string, { name: string; aliases: readonly string[] }>;
  /**
   * The custom field column (`cf_<name>`) of another header of the source, or undefined for a
   * header of the source's own bookkeeping (its ids, times): the source's own custom fields.
   */
  customColumn(header: string): string | undefined;
  /**
   * A row of Estate's columns (as CSV text: lists joined by `;`) from a row of the source, keyed by
   * the preset's headers (empty cells left out). A column left out leaves the field as it is.
   * `note` tells the report of a value the preset chose for the row (an unnamed device's name).
   */
  convert(source: Readonly<Record<string, string>>, note: (message: string) => void): Record<string, string>;
}

/** A header as a field name: `Purchase Cost` → `purchase_cost` (undefined when nothing is left of it). */
export function fieldNameOf(header: string): string | undefined {
  const name = header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+|_+$/g, '')
    .replace(/__+/g, '_')
    .slice(0, 50)
    .replace(/_+$/, '');
  return name === '' ? undefined : name;
}

/** Non-empty values, trimmed. */
const present = (...values: (string | undefined)[]) =>
  values.map((value) => value?.trim() ?? '').filter((value) => value !== '');

/** "10.0.0.1/24" → "10.0.0.1"; text that is no address is kept, to be refused with the row's other errors. */
export function addressOf(text: string): string {
  const address = text.trim().split('/')[0]!.trim();
  return isIP(address) === 0 ? text.trim() : address;
}

/** Distinct values of lists given as text separated by any of `separators`. */
function listOf(values: (string | undefined)[], separators: RegExp): string[] {
  return [...new Set(values.flatMap((value) => present(...(value ?? '').split(separators))))];
}

/** A date as YYYY-MM-DD: ISO dates and date-times as they are, other dates the way Date reads them. */
export function dayOf(text: string): string {
  const trimmed = text.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[ T].*)?$/.exec(trimmed);
  if (iso) return iso[1]!;
  const parsed = new Date(`${trimmed} UTC`);
  if (Number.isNaN(parsed.getTime())) return trimmed;
  return parsed.toISOString().slice(0, 10);
}

/** The day `months` after `day` (a warranty's end from its purchase date and length). */
function monthsAfter(day: string, months: number): string | undefined {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setUTCMonth(date.getUTCMonth() + months);
  return date.toISOString().slice(0, 10);
}

/** Fields given only when the source had a value. */
function defined(record: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(record).filter(([, value]) => value !== undefined && value !== ''),
  ) as Record<string, string>;
}

/**
 * NetBox: Devices → Export → "Current view" (the device table's columns) or "All data (CSV)"
 * (its import field names). Devices become servers.
 */
const netboxDevices: Preset = {
  name: 'netbox-devices',
  description: 'a NetBox device list exported as CSV (table columns or import field names), as servers',
  family: 'servers',
  match: 'name',
  headers: {
    Name: ['name'],
    Site: ['site'],
    Location: ['location'],
    Rack: ['rack'],
    Position: ['position'],
    Role: ['device_role', 'device role', 'role'],
    Manufacturer: ['manufacturer'],
    Type: ['device_type', 'device type'],
    Platform: ['platform'],
    'Serial number': ['serial', 'serial number'],
    'Asset tag': ['asset_tag', 'asset tag'],
    'IP Address': ['primary ip', 'primary_ip'],
    'IPv4 Address': ['primary ipv4', 'primary_ip4'],
    'IPv6 Address': ['primary ipv6', 'primary_ip6'],
    'OOB IP': ['oob_ip'],
    Description: ['description'],
    Comments: ['comments'],
    Tags: ['tags'],
  },
  fields: {
    Status: { name: 'status', aliases: ['status'] },
    Tenant: { name: 'tenant', aliases: ['tenant'] },
    Airflow: { name: 'airflow', aliases: ['airflow'] },
  },
  // NetBox writes its custom fields as cf_<name> in an "All data" export.
  customColumn: (header) => {
    const name = /^cf_(.+)$/.exec(header.trim())?.[1];
    const field = name === undefined ? undefined : fieldNameOf(name);
    return field && `cf_${field}`;
  },
  convert(source, note) {
    const rack = source.Rack ? `rack ${source.Rack}` : undefined;
    // NetBox allows a device without a name; a server has one: its asset tag, else its serial number.
    const stand = source.Name
      ? undefined
      : source['Asset tag']
        ? 'Asset tag'
        : source['Serial number'] && 'Serial number';
    if (stand) note(`no name: named "${source[stand]}" after its ${stand.toLowerCase()}`);
    const position = source.Position ? `U${source.Position.replace(/\.0$/, '')}` : undefined;
    return defined({
      name: source.Name ?? (stand ? source[stand] : undefined),
      ipAddresses: listOf(
        [source['IP Address'], source['IPv4 Address'], source['IPv6 Address'], source['OOB IP']],
        /[,;]/,
      )
        .map(addressOf)
        .filter((address, index, all) => all.indexOf(address) === index)
        .join(';'),
      manufacturer: source.Manufacturer,
      model: source.Type,
      os: source.Platform,
      serialNumber: source['Serial number'],
      // Read for the name as well, and kept as it is.
      cf_asset_tag: source['Asset tag'],
      location: present(source.Site, source.Location, rack, position).join(', '),
      description: present(source.Description, source.Comments).join('\n\n'),
      // NetBox writes a device's tags separated by commas; its role becomes a tag as well.
      tags: listOf([source.Role, source.Tags], /[,;]/).join(';'),
    });
  },
};

/** Snipe-IT's status labels (their default names and status types) as a workstation's status. */
const SNIPE_STATUSES: Record<string, string> = {
  deployed: 'in_use',
  'checked out': 'in_use',
  'ready to deploy': 'in_stock',
  deployable: 'in_stock',
  pending: 'in_stock',
  'out for repair': 'in_repair',
  'out for diagnostics': 'in_repair',
  'in repair': 'in_repair',
  archived: 'retired',
  'broken - not fixable': 'retired',
  'lost/stolen': 'retired',
  undeployable: 'retired',
  retired: 'retired',
};

/** Columns of a Snipe-IT export that are its own bookkeeping, not an asset's data (lower case). */
const SNIPE_OWN_COLUMNS = new Set([
  'id',
  'checked out',
  'checkout date',
  'last checkout',
  'expected checkin',
  'last checkin date',
  'created at',
  'updated at',
  'deleted at',
  'last audit',
  'next audit date',
  'requestable',
  'image',
  'age',
  'eol',
  'eol date',
  'checkouts',
  'checkins',
  'requests',
  'username',
  'employee no.',
  'title',
  'department',
  'byod',
  'current value',
  'diff',
  'actions',
  'checkin/checkout',
  'model image',
]);

/**
 * Snipe-IT: Assets → Export (the list's columns), or a file made for its importer. Assets become
 * workstations: the asset tag is the name, a one-word asset name the host name.
 */
const snipeitAssets: Preset = {
  name: 'snipeit-assets',
  description: 'a Snipe-IT asset list exported as CSV (list columns or importer headers), as workstations',
  family: 'workstations',
  match: 'name',
  headers: {
    'Asset Tag': ['asset_tag', 'asset tag'],
    'Asset Name': ['item name', 'name', 'item_name'],
    Serial: ['serial number', 'serial no.', 'serial no', 'serial'],
    Model: ['model name', 'asset_model'],
    'Model No.': ['model number', 'model no', 'model_number'],
    Manufacturer: ['manufacturer'],
    Status: ['status', 'status label'],
    'Checked Out To': ['full name', 'fullname', 'assigned to'],
    Email: ['e-mail', 'checked out to: email', 'email'],
    Location: ['location'],
    'Purchase Date': ['purchase_date', 'purchase date'],
    Warranty: ['warranty months', 'warranty_months'],
    'Warranty Expires': ['warranty expires', 'warranty_expires'],
  },
  fields: {
    Company: { name: 'company', aliases: ['company'] },
    Category: { name: 'category', aliases: ['category'] },
    Supplier: { name: 'supplier', aliases: ['supplier'] },
    'Purchase Cost': { name: 'purchase_cost', aliases: ['purchase cost', 'purchase_cost', 'cost'] },
    'Order Number': { name: 'order_number', aliases: ['order number', 'order_number'] },
    Notes: { name: 'notes', aliases: ['notes'] },
  },
  // Snipe-IT writes each custom field of an asset's fieldset as a column under its own name.
  customColumn: (header) => {
    if (SNIPE_OWN_COLUMNS.has(header.trim().toLowerCase())) return undefined;
    const field = fieldNameOf(header);
    return field && `cf_${field}`;
  },
  convert(source) {
    const purchaseDate = source['Purchase Date'] ? dayOf(source['Purchase Date']) : undefined;
    const months = Number.parseInt(source.Warranty ?? '', 10);
    const warrantyEnd = source['Warranty Expires']
      ? dayOf(source['Warranty Expires'])
      : purchaseDate && months > 0
        ? monthsAfter(purchaseDate, months)
        : undefined;
    // "Deployed" lists show the status label with its type ("Ready to Deploy (Deployed)").
    const label = (source.Status ?? '').toLowerCase().replace(/\s*\(.*\)\s*$/, '');
    const assigned = source.Email || source['Checked Out To'];
    const status = SNIPE_STATUSES[label] ?? (assigned ? 'in_use' : undefined);
    const assetName = source['Asset Name'];
    return defined({
      name: source['Asset Tag'] || assetName,
      hostname: source['Asset Tag'] && assetName && !/\s/.test(assetName) ? assetName : undefined,
      serialNumber: source.Serial,
      manufacturer: source.Manufacturer,
      model: source.Model || source['Model No.'],
      status,
      // Snipe-IT's employees rarely sign in: `--create-people` records them, named and addressed.
      assignedUser: source.Email
        ? source['Checked Out To']
          ? `${source['Checked Out To']} <${source.Email}>`
          : source.Email
        : source['Checked Out To'],
      location: source.Location,
      purchaseDate,
      warrantyEnd,
    });
  },
};

export const PRESETS: readonly Preset[] = [netboxDevices, snipeitAssets];

export function presetOf(name: string): Preset | undefined {
  return PRESETS.find((preset) => preset.name === name);
}

const fold = (header: string) => header.trim().toLowerCase();

/**
 * How a file's headers read under a preset: the preset's header each known one stands for, and
 * the ones it ignores, in file order. A header the preset knows twice is read from its first column.
 */
export function presetHeaders(preset: Preset, headers: readonly string[]) {
  const byFolded = new Map<string, string>();
  for (const [header, aliases] of Object.entries(preset.headers))
    for (const spelling of [header, ...aliases])
      if (!byFolded.has(fold(spelling))) byFolded.set(fold(spelling), header);
  for (const [header, { name, aliases }] of Object.entries(preset.fields))
    for (const spelling of [header, ...aliases])
      if (!byFolded.has(fold(spelling))) byFolded.set(fold(spelling), `cf_${name}`);
  const known = new Map<string, string>();
  const ignored: string[] = [];
  const taken = new Set<string>();
  for (const header of headers) {
    const own = byFolded.get(fold(header)) ?? preset.customColumn(header);
    if (own && !taken.has(own)) {
      known.set(header, own);
      taken.add(own);
    } else ignored.push(header);
  }
  return { known, ignored };
}

/** A row of the source as a row of Estate's columns, through the preset. */
export function presetRecord(
  preset: Preset,
  known: ReadonlyMap<string, string>,
  record: Record<string, unknown>,
  note: (message: string) => void = () => undefined,
): Record<string, string> {
  const source: Record<string, string> = {};
  const kept: Record<string, string> = {};
  for (const [header, value] of Object.entries(record)) {
    const own = known.get(header);
    const text = value === null || value === undefined ? '' : String(value).trim();
    if (!own || text === '') continue;
    // What Estate has no field for goes to its custom field column as it is.
    if (own.startsWith('cf_')) kept[own] = text;
    else source[own] = text;
  }
  return { ...preset.convert(source, note), ...kept };
}
