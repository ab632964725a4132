import { Type, type Static } from 'typebox';
import type { ContractsTable } from '../db/schema.js';
import { ApiError } from '../errors/api-error.js';
import type { AppDeps, App } from '../http/types.js';
import { Clearable, DateOnly, DateTime, Name, OrNull, Text, Uuid } from '../http/schemas.js';
import { listQuerySchema, offsetListSchema } from '../pagination/offset.js';
import { columnsFrom, linkedTo, registerResourceRoutes, type ResourceDefinition } from '../resources/crud.js';

export const CONTRACT_TYPES = ['license', 'subscription', 'support', 'maintenance', 'lease', 'service', 'other'] as const;
export const BILLING_PERIODS = ['monthly', 'quarterly', 'yearly', 'one_time'] as const;

const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code.', examples: ['EUR'] });

const Contract = Type.Object(
  {
    id: Uuid('Contract id.'),
    name: Type.String({ description: 'Contract name.', examples: ['Salesforce Enterprise 2026'] }),
    vendor: Type.String({ description: 'Supplier.', examples: ['Salesforce'] }),
    type: Type.Enum(CONTRACT_TYPES, { description: 'Kind of contract.' }),
    reference: OrNull(Type.String({ examples: ['PO-2026-0113'] }), 'Contract or purchase-order number.'),
    startDate: DateOnly('First day covered.'),
    endDate: OrNull(DateOnly('Last day covered.'), 'Last day covered; null when open-ended.'),
    renewalDate: OrNull(DateOnly('Renewal date.'), 'When it renews.'),
    noticePeriodDays: OrNull(Type.Integer({ minimum: 0, examples: [90] }), 'Notice needed before renewal or end, in days.'),
    autoRenew: Type.Boolean({ description: 'Renews automatically unless cancelled in time.' }),
    amount: OrNull(Type.Number({ minimum: 0, examples: [120000] }), 'Amount per billing period.'),
    currency: OrNull(Currency, 'Currency of the amount.'),
    billingPeriod: Type.Enum(BILLING_PERIODS, { description: 'monthly, quarterly, yearly or one_time.' }),
    seats: OrNull(Type.Integer({ minimum: 0, examples: [250] }), 'Licences or seats bought.'),
    description: OrNull(Type.String(), 'Notes.'),
    applicationIds: Type.Array(Uuid('Application.'), { description: 'Applications the contract covers.' }),
    createdAt: DateTime('Creation instant.'),
    updatedAt: DateTime('Change-tracking field: moves on every change.'),
  },
  { description: 'A contract with a supplier: licences, subscriptions, support.' },
);
type Contract = Static<typeof Contract>;

const fields = {
  type: Type.Optional(Type.Enum(CONTRACT_TYPES, { description: 'Kind of contract; default subscription.' })),
  reference: Clearable(Text(200), 'Contract or PO number.'),
  endDate: Clearable(DateOnly('Last day covered.'), 'Last day covered; not before startDate (422).'),
  renewalDate: Clearable(DateOnly('Renewal date.'), 'Renewal date; not before startDate (422).'),
  noticePeriodDays: Clearable(Type.Integer({ minimum: 0, maximum: 3650 }), 'Notice period in days.'),
  autoRenew: Type.Optional(Type.Boolean({ description: 'Default false.' })),
  amount: Clearable(Type.Number({ minimum: 0, maximum: 1e12 }), 'Amount per billing period; needs a currency (default: the tenant\'s).'),
  currency: Clearable(Currency, 'ISO 4217 code; default the tenant\'s default currency when an amount is given.'),
  billingPeriod: Type.Optional(Type.Enum(BILLING_PERIODS, { description: 'Default yearly.' })),
  seats: Clearable(Type.Integer({ minimum: 0 }), 'Seats bought.'),
  description: Clearable(Text(), 'Notes.'),
  applicationIds: Type.Optional(Type.Array(Uuid('Application id.'), { maxItems: 500, description: 'Replaces the covered applications; each must be in the workspace (422).' })),
};

function contractRowToDto(row: ContractsTable): Contract {
  return {
    id: row.id, name: row.name, vendor: row.vendor, type: row.type as Contract['type'], reference: row.reference, startDate: row.start_date,
    endDate: row.end_date, renewalDate: row.renewal_date, noticePeriodDays: row.notice_period_days, autoRenew: Boolean(row.auto_renew),
    amount: row.amount === null ? null : Number(row.amount), currency: row.currency, billingPeriod: row.billing_period as Contract['billingPeriod'],
    seats: row.seats, description: row.description, applicationIds: [], createdAt: row.created_at, updatedAt: row.updated_at,
  };
}

const contractResource: ResourceDefinition<ContractsTable, Contract> = {
  table: 'contracts',
  resourceType: 'contract',
  auditCategory: 'inventory',
  scopeFamily: 'contracts',
  path: '/contracts',
  openApiTag: 'contracts',
  names: ['contract', 'contracts'],
  description: 'Supplier contracts with their dates, costs and covered applications.',
  schemas: {
    item: Contract,
    create: Type.Object(
      { name: Name('Contract name.', 'Salesforce Enterprise 2026'), vendor: Name('Supplier.', 'Salesforce'), startDate: DateOnly('First day covered.'), ...fields },
      { additionalProperties: false },
    ),
    update: Type.Object(
      { name: Type.Optional(Name('Contract name.', 'x')), vendor: Type.Optional(Name('Supplier.', 'Salesforce')), startDate: Type.Optional(DateOnly('First day covered.')), ...fields },
      { additionalProperties: false },
    ),
    listQuery: listQuerySchema(
      {
        type: Type.Optional(Type.Enum(CONTRACT_TYPES, { description: 'Only this type.' })),
        vendor: Type.Optional(Type.String({ maxLength: 200, description: 'Only this vendor (exact, case-insensitive).' })),
        applicationId: Type.Optional(Uuid('Only contracts covering this application.')),
        endsBefore: Type.Optional(DateOnly('Only contracts ending before this date.')),
        endsAfter: Type.Optional(DateOnly('Only contracts ending after this date.')),
      },
      ['name', 'vendor', 'startDate', 'endDate', 'renewalDate', 'amount', 'createdAt', 'updatedAt'],
      'Case-insensitive text in the name, vendor or reference.',
    ),
    list: offsetListSchema(Contract, 'Offset list of contracts.'),
  },
  toDto: contractRowToDto,
  toColumns: (input) =>
    columnsFrom(input, {
      name: 'name', vendor: 'vendor', type: 'type', reference: 'reference', startDate: 'start_date', endDate: 'end_date', renewalDate: 'renewal_date',
      noticePeriodDays: 'notice_period_days', autoRenew: ['auto_renew', (v) => (v ? 1 : 0)], amount: 'amount', currency: 'currency',
      billingPeriod: 'billing_period', seats: 'seats', description: 'description',
    }),
  defaults: {
    type: 'subscription', reference: null, end_date: null, renewal_date: null, notice_period_days: null, auto_renew: 0, amount: null, currency: null,
    billing_period: 'yearly', seats: null, description: null,
  },
  searchColumns: ['name', 'vendor', 'reference'],
  sortColumns: {
    name: 'name', vendor: 'vendor', startDate: 'start_date', endDate: 'end_date', renewalDate: 'renewal_date', amount: 'amount', createdAt: 'created_at', updatedAt: 'updated_at',
  },
  defaultSort: 'name',
  filters: (query, eb, workspaceId) => [
    ...(query.type ? [eb('type', '=', query.type)] : []),
    ...(query.vendor ? [eb(eb.fn('lower', ['vendor']), '=', String(query.vendor).toLowerCase())] : []),
    ...(query.endsBefore ? [eb('end_date', '<', query.endsBefore)] : []),
    ...(query.endsAfter ? [eb('end_date', '>', query.endsAfter)] : []),
    ...(query.applicationId
      ? [linkedTo(eb, workspaceId, 'contract_applications', 'contract_id', 'application_id', query.applicationId)]
      : []),
  ],
  trackingColumn: 'updated_at',
  untrackedFields: ['updatedAt', 'createdAt'],
  relations: [{ field: 'applicationIds', table: 'contract_applications', ownColumn: 'contract_id', otherColumn: 'application_id', target: 'applications' }],
  async check({ trx, workspaceId, next }) {
    if (next.end_date && next.end_date < next.start_date) throw new ApiError('unprocessable_entity', `endDate (${next.end_date}) is before startDate (${next.start_date})`);
    if (next.renewal_date && next.renewal_date < next.start_date) throw new ApiError('unprocessable_entity', `renewalDate (${next.renewal_date}) is before startDate (${next.start_date})`);
    if (next.amount !== null && !next.currency) {
      const tenant = await trx.selectFrom('workspaces').select('default_currency').where('id', '=', workspaceId).executeTakeFirstOrThrow();
      next.currency = tenant.default_currency;
    }
  },
};

export function registerContractRoutes(app: App, { database }: AppDeps): void {
  registerResourceRoutes(app, database, contractResource, undefined, {
    updateDescription: 'An endDate or renewalDate before startDate, or an applicationId outside the workspace, answers 422.',
  });
}
