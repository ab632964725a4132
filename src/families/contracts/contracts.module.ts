import { Type } from 'typebox';
import { applications } from '../applications/applications.module.js';
import { ApiError } from '../../base/errors/api-error.js';
import { Clearable, DateOnly, IdList, Name, OrNull, Text, Uuid } from '../../base/http/schemas.js';
import { booleanColumn, defineFamily, itemSchema, numberColumn, writeSchemas } from '../../base/resources/family.js';
import { dateFilter, equalsFilter, foldedEqualsFilter, linkedFilter } from '../../base/lists/filters.js';

export const CONTRACT_TYPES = [
  'license',
  'subscription',
  'support',
  'maintenance',
  'lease',
  'service',
  'other',
] as const;
export const BILLING_PERIODS = ['monthly', 'quarterly', 'yearly', 'one_time'] as const;

const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217 code.', examples: ['EUR'] });

const Contract = itemSchema(
  'Contract',
  {
    name: Type.String({ description: 'Contract name.', examples: ['Salesforce Enterprise 2026'] }),
    vendor: Type.String({ description: 'Supplier.', examples: ['Salesforce'] }),
    type: OrNull(Type.Enum(CONTRACT_TYPES), 'Kind of contract; null when not recorded.'),
    reference: OrNull(Type.String({ examples: ['PO-2026-0113'] }), 'Contract or purchase-order number.'),
    startDate: DateOnly('First day covered.'),
    endDate: OrNull(DateOnly('Last day covered.'), 'Last day covered; null when open-ended.'),
    renewalDate: OrNull(DateOnly('Renewal date.'), 'When it renews.'),
    noticePeriodDays: OrNull(
      Type.Integer({ minimum: 0, examples: [90] }),
      'Notice needed before renewal or end, in days.',
    ),
    autoRenew: Type.Boolean({ description: 'Renews automatically unless cancelled in time.' }),
    amount: OrNull(Type.Number({ minimum: 0, examples: [120000] }), 'Amount per billing period.'),
    currency: OrNull(Currency, 'Currency of the amount.'),
    billingPeriod: OrNull(
      Type.Enum(BILLING_PERIODS),
      'monthly, quarterly, yearly or one_time; null when not recorded.',
    ),
    seats: OrNull(Type.Integer({ minimum: 0, examples: [250] }), 'Licences or seats bought.'),
    description: OrNull(Type.String(), 'Notes.'),
    applicationIds: Type.Array(Uuid('Application.'), { description: 'Applications the contract covers.' }),
  },
  'A contract with a supplier: licences, subscriptions, support.',
);

const fields = {
  type: Clearable(Type.Enum(CONTRACT_TYPES), 'Kind of contract; null (the default) when not recorded.'),
  reference: Clearable(Text(200), 'Contract or PO number.'),
  endDate: Clearable(DateOnly('Last day covered.'), 'Last day covered; not before startDate (422).'),
  renewalDate: Clearable(DateOnly('Renewal date.'), 'Renewal date; not before startDate (422).'),
  noticePeriodDays: Clearable(Type.Integer({ minimum: 0, maximum: 3650 }), 'Notice period in days.'),
  autoRenew: Type.Optional(Type.Boolean({ description: 'Default false.' })),
  amount: Clearable(
    Type.Number({ minimum: 0, maximum: 1e12 }),
    "Amount per billing period; needs a currency (default: the tenant's).",
  ),
  currency: Clearable(Currency, "ISO 4217 code; default the tenant's default currency when an amount is given."),
  billingPeriod: Clearable(
    Type.Enum(BILLING_PERIODS),
    'Billing period of the amount; null (the default) when not recorded.',
  ),
  seats: Clearable(Type.Integer({ minimum: 0 }), 'Seats bought.'),
  description: Clearable(Text(), 'Notes.'),
  applicationIds: IdList('Application', 500, 'the covered applications'),
};

export const contracts = defineFamily({
  table: 'contracts',
  noun: 'contract',
  description: 'Supplier contracts with their dates, costs and covered applications.',
  schemas: {
    item: Contract,
    ...writeSchemas(
      {
        name: Name('Contract name.', 'Salesforce Enterprise 2026'),
        vendor: Name('Supplier.', 'Salesforce'),
        startDate: DateOnly('First day covered.'),
      },
      fields,
    ),
  },
  fields: {
    vendor: { foldedInto: 'vendor_key' },
    autoRenew: booleanColumn(),
    amount: numberColumn(),
  },
  sorts: ['name', 'vendor', 'startDate', 'endDate', 'renewalDate', 'amount', 'createdAt', 'updatedAt'],
  filters: {
    type: equalsFilter('type', Type.Enum(CONTRACT_TYPES, { description: 'Only this type.' })),
    vendor: foldedEqualsFilter(
      'vendor_key',
      Type.String({ maxLength: 200, description: 'Only this vendor (exact, case-insensitive).' }),
    ),
    applicationId: linkedFilter(
      'contract_applications',
      'contract_id',
      'application_id',
      Uuid('Only contracts covering this application.'),
    ),
    endsBefore: dateFilter('end_date', '<', DateOnly('Only contracts ending before this date.')),
    endsAfter: dateFilter('end_date', '>', DateOnly('Only contracts ending after this date.')),
  },
  relations: [
    {
      field: 'applicationIds',
      table: 'contract_applications',
      ownColumn: 'contract_id',
      otherColumn: 'application_id',
      target: applications.definition,
    },
  ],
  async check({ trx, workspaceId, next }) {
    if (next.end_date && next.end_date < next.start_date)
      throw new ApiError('unprocessable_entity', `endDate (${next.end_date}) is before startDate (${next.start_date})`);
    if (next.renewal_date && next.renewal_date < next.start_date)
      throw new ApiError(
        'unprocessable_entity',
        `renewalDate (${next.renewal_date}) is before startDate (${next.start_date})`,
      );
    if (next.amount !== null && !next.currency) {
      const tenant = await trx
        .selectFrom('workspaces')
        .select('default_currency')
        .where('id', '=', workspaceId)
        .executeTakeFirstOrThrow();
      next.currency = tenant.default_currency;
    }
  },
  texts: {
    update: 'An endDate or renewalDate before startDate, or an applicationId outside the workspace, answers 422.',
  },
});
