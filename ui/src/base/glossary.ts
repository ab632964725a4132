/**
 * The console's words for people: every field name, enum value and help text the API speaks in
 * (camelCase fields, snake_case values, "null", status codes) said the way an IT team says it. The
 * public API and its OpenAPI text keep their own words; every page asks this module instead of
 * showing the API's. A word missing here falls back to a readable form of the API's (`osVersion` →
 * "OS version", `in_repair` → "In repair"), so a new field or value still reads well.
 */

/** Field and parameter names whose label is more than their words split apart. */
const FIELDS: Record<string, string> = {
  activeDate: 'Active from',
  agentId: 'Agent',
  applicationId: 'Application',
  applicationIds: 'Applications',
  assignedUserId: 'Assigned to',
  autoRenew: 'Renews automatically',
  billingPeriod: 'Billing period',
  catalogEntryId: 'Catalog entry',
  categoryId: 'Category',
  cidr: 'CIDR',
  cpuCores: 'CPU cores',
  createdAt: 'Created',
  dataObjectId: 'Data object',
  dataObjectIds: 'Data objects',
  endOfLifeDate: 'End of life',
  endsAfter: 'Ends after',
  endsAt: 'Ends',
  endsBefore: 'Ends before',
  hostingType: 'Hosting',
  ipAddresses: 'IP addresses',
  lastCheckTime: 'Last checked',
  lastReportAt: 'Last report',
  lastSeenAt: 'Last seen',
  lifecycleStatus: 'Lifecycle phase',
  managementIp: 'Management IP',
  memberId: 'Member',
  memoryMb: 'Memory (MB)',
  networkId: 'Network',
  noticePeriodDays: 'Notice period (days)',
  os: 'OS',
  osVersion: 'OS version',
  ownerId: 'Owner',
  parentId: 'Parent',
  personalData: 'Personal data',
  phaseInDate: 'Phase-in from',
  phaseOutDate: 'Phase-out from',
  planDate: 'Plan from',
  q: 'Search',
  resourceType: 'Resource type',
  retentionDays: 'Retention (days)',
  revokedAt: 'Revoked',
  serverId: 'Server',
  sourceApplicationId: 'From application',
  startsAt: 'Starts',
  storageGb: 'Storage (GB)',
  tagId: 'Tag',
  targetApplicationId: 'To application',
  teamId: 'Team',
  updatedAt: 'Updated',
  url: 'URL',
  userCount: 'Users',
  vlan: 'VLAN',
  warrantyEnd: 'Warranty end',
  warrantyEndsBefore: 'Warranty ends before',
  // Related lists of a detail page (the API's path segments).
  'discovered-applications': 'Discovered software',
  discoveredApplications: 'Discovered software',
};

/** Enum values of the API (and of the audit log, agents, triage, roles) in people's words. */
const VALUES: Record<string, string> = {
  // Hosting, environments, lifecycle.
  saas: 'SaaS',
  on_premise: 'On-premises',
  hybrid: 'Hybrid',
  disaster_recovery: 'Disaster recovery',
  phase_in: 'Phase-in',
  phase_out: 'Phase-out',
  end_of_life: 'End of life',
  'phase-in': 'Phase-in',
  'phase-out': 'Phase-out',
  'end-of-life': 'End of life',
  // Workstations, agents, triage.
  in_use: 'In use',
  in_stock: 'In stock',
  in_repair: 'In repair',
  never_seen: 'Never seen',
  // Contracts and flows.
  one_time: 'One-time',
  real_time: 'Real time',
  on_demand: 'On demand',
  https: 'HTTPS',
  http: 'HTTP',
  sftp: 'SFTP',
  ftp: 'FTP',
  smtp: 'SMTP',
  amqp: 'AMQP',
  jdbc: 'JDBC',
  grpc: 'gRPC',
  soap: 'SOAP',
  // The audit log's actions, resource types and actors.
  sign_in: 'Sign-in',
  sign_in_failure: 'Failed sign-in',
  sign_out: 'Sign-out',
  password_change: 'Password change',
  data_object: 'Data object',
  discovered_application: 'Discovered software',
  api_key: 'API key',
  // Scope families (roles and keys).
  announces: 'Announcements',
  audit_log: 'Audit log',
  tenant: 'Workspace settings',
  organisation: 'Organisation (teams)',
  finance_dashboard: 'Finance dashboard',
  usage_dashboard: 'Usage dashboard',
  operations_dashboard: 'Operations dashboard',
  architecture_dashboard: 'Architecture dashboard',
  technology_dashboard: 'Technology dashboard',
  workstations_dashboard: 'Workstations dashboard',
  flow_mapping_diagram: 'Flow mapping diagram',
  application_matrix_diagram: 'Application matrix diagram',
  application_quadrant_diagram: 'Application quadrant diagram',
  application_lifecycle_diagram: 'Application lifecycle diagram',
  capacity_map_diagram: 'Capacity map diagram',
  network_mapping_diagram: 'Network mapping diagram',
};

/** Short words kept in capitals wherever they appear in a field name. */
const ACRONYMS: Record<string, string> = {
  os: 'OS',
  ip: 'IP',
  cpu: 'CPU',
  mb: 'MB',
  gb: 'GB',
  url: 'URL',
  eol: 'EOL',
  api: 'API',
  cidr: 'CIDR',
  vlan: 'VLAN',
  id: 'ID',
};

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** `osVersion` → "OS version", `cidr` → "CIDR", `memoryMb` → "Memory (MB)". */
export function fieldLabel(field: string): string {
  if (Object.hasOwn(FIELDS, field)) return FIELDS[field]!;
  const words = field
    .replace(/Ids$/, 's')
    .replace(/Id$/, '')
    .replace(/[-_]/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ');
  return capitalised(words.map((word) => ACRONYMS[word] ?? word).join(' '));
}

/** An enum value: `disaster_recovery` → "Disaster recovery", `saas` → "SaaS", `on_premise` → "On-premises". */
export function valueLabel(value: string): string {
  if (Object.hasOwn(VALUES, value)) return VALUES[value]!;
  return capitalised(value.replaceAll('_', ' '));
}

/** Whether the API's word has a label of its own here (table cells show only these through the glossary). */
export function isKnownValue(value: string): boolean {
  return Object.hasOwn(VALUES, value);
}

/**
 * A label inside a sentence: its first letter small, unless its first word is an acronym or a
 * name ("API key", "SaaS" stay as they are).
 */
export function inSentence(label: string): string {
  const first = label.split(' ')[0] ?? '';
  return /[A-Z]/.test(first.slice(1)) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

/** `true`/`false` filter values and booleans. */
export function yesNo(value: boolean | string): string {
  return value === true || value === 'true' ? 'Yes' : 'No';
}

/**
 * Help texts that the API's description says in its own terms (parameter names, `truncated`),
 * keyed by field or parameter name: what the console shows under the field instead.
 */
const HELP: Record<string, string> = {
  limit: 'The most items drawn, 500 unless you choose (at most 2,000). The page says when some are left out.',
  depth: 'With an application chosen: how many flows away to go, 1 to 3 (1 unless you choose).',
  applicationId: 'Centre the map on this application: it and the applications a few flows away.',
  hostingType: 'SaaS, on-premises or hybrid.',
  catalogEntryId: 'The product in the catalog; it must exist there.',
  size: 'Size the points by annual cost (unless you choose) or by number of users.',
};

/** Help for a diagram's page, where its API description names parameters. */
const DIAGRAM_HELP: Record<string, string> = {
  'flow-mapping':
    'Applications as boxes and data flows as arrows (protocol, frequency, data objects), for the whole ' +
    'workspace, around one application, or for one category.',
  'application-quadrant':
    'Applications placed by technical fit (across) and business value (up), 1 to 5, in the four TIME quadrants ' +
    '(tolerate, invest, migrate, eliminate), sized by annual cost or by users; applications missing a score ' +
    'are listed apart.',
};

/**
 * The help text of a field or parameter, without the API's terms: no "null", no status codes, no
 * parameter names, no raw enum values. `field` picks a text of the console's own when there is one.
 */
export function helpText(description: string | undefined, field?: string): string {
  if (field && Object.hasOwn(HELP, field)) return HELP[field]!;
  if (!description) return '';
  return description
    .replace(/\s*\(\d{3}\)/g, '')
    .replace(/\bnull \(the default\)/g, 'empty')
    .replace(/\bnull or absent\b/g, 'empty')
    .replace(/\bnull\b/g, 'empty')
    .replace(/\btruncated: true\b/g, 'that some are left out')
    .replace(/\bid\b/g, '')
    .replace(/\b[a-z]+[A-Z][A-Za-z]*\b/g, (name) => inSentence(fieldLabel(name)))
    .replace(/\b[a-z]+(?:_[a-z]+)+\b/g, (value) => inSentence(valueLabel(value)))
    .replace(/\s+([;,.])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

/** A diagram's description for its page. */
export function diagramHelp(name: string, description: string | undefined): string {
  return Object.hasOwn(DIAGRAM_HELP, name) ? DIAGRAM_HELP[name]! : helpText(description);
}

/**
 * A value before or after a change, as the history and the audit log show it: empty as "empty",
 * enum values in people's words, lists joined, other objects as their text.
 */
export function changeValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'empty';
  if (typeof value === 'boolean') return yesNo(value);
  if (typeof value === 'string') return isKnownValue(value) ? valueLabel(value) : value;
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(changeValue).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
