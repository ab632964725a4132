import { dayAfter, pushTo, type DashboardContext, type DashboardDefinition } from './dashboard.js';
import { breakdownWidget, tableWidget, TOP_GROUPS, type Widget } from './widgets.js';

/** How many times a billing period's amount is paid in a year (one_time: see annualAmount). */
const PER_YEAR: Record<string, number> = { monthly: 12, quarterly: 4, yearly: 1 };
const RENEWAL_WINDOWS = [30, 60, 90] as const;

interface ContractRow {
  id: string;
  name: string;
  vendor: string;
  start_date: string;
  end_date: string | null;
  renewal_date: string | null;
  notice_period_days: number | null;
  amount: number | null;
  currency: string | null;
  billing_period: string | null;
}

/** The contract columns the spend and deadline rules read (a ContractRow). */
export const CONTRACT_COLUMNS = [
  'id',
  'name',
  'vendor',
  'start_date',
  'end_date',
  'renewal_date',
  'notice_period_days',
  'amount',
  'currency',
  'billing_period',
] as const satisfies readonly (keyof ContractRow)[];

const cents = (amount: number) => Math.round(amount * 100) / 100;

/**
 * A contract's spend for one year: the amount times the payments a year; a one-time amount counts
 * in the year the contract starts only. Null when the amount, currency or period is not recorded.
 */
export function annualAmount(contract: ContractRow, year: string): number | null {
  if (contract.amount === null || contract.currency === null || contract.billing_period === null) return null;
  if (contract.billing_period === 'one_time') return contract.start_date.startsWith(year) ? Number(contract.amount) : 0;
  return Number(contract.amount) * (PER_YEAR[contract.billing_period] ?? 0);
}

/** The day the contract renews or ends, and the last day to give notice before it. */
export function deadlines(contract: ContractRow): { renewal: string | null; notice: string | null } {
  const renewal = contract.renewal_date ?? contract.end_date;
  const notice = renewal && contract.notice_period_days ? dayAfter(renewal, -contract.notice_period_days) : null;
  return { renewal, notice };
}

/**
 * Sums amounts per (key, currency) in whole cents, so that no two currencies are ever added and the
 * groups of a breakdown add up exactly to its total.
 */
class Totals {
  private readonly sums = new Map<
    string,
    { key: string | null; label?: string; currency: string; value: number; ids: Set<string> }
  >();
  add(key: string | null, currency: string, value: number, id?: string, label?: string): void {
    const entry = this.sums.get(`${key}\u0000${currency}`) ?? {
      key,
      currency,
      value: 0,
      ids: new Set<string>(),
      ...(label ? { label } : {}),
    };
    entry.value += value;
    if (id) entry.ids.add(id);
    this.sums.set(`${key}\u0000${currency}`, entry);
  }
  groups() {
    return [...this.sums.values()].map(({ ids, value, ...group }) => ({ ...group, value: value / 100, ids: [...ids] }));
  }
  /** The largest `TOP_GROUPS` groups, the rest as one `other` group per currency (so each currency still adds up). */
  top() {
    const all = this.groups().sort((a, b) => b.value - a.value);
    const rest = new Map<string, number>();
    for (const group of all.slice(TOP_GROUPS))
      rest.set(group.currency, (rest.get(group.currency) ?? 0) + Math.round(group.value * 100));
    return [
      ...all.slice(0, TOP_GROUPS),
      ...[...rest].map(([currency, value]) => ({
        key: 'other',
        label: 'Other',
        currency,
        value: value / 100,
        ids: [],
      })),
    ];
  }
}

async function load({ database, workspaceId, today }: DashboardContext) {
  const { db } = database;
  const [contracts, covered, categories] = await Promise.all([
    db
      .selectFrom('contracts')
      .select(CONTRACT_COLUMNS)
      .where('workspace_id', '=', workspaceId)
      .where((eb) => eb.or([eb('end_date', 'is', null), eb('end_date', '>=', today)]))
      .execute(),
    db
      .selectFrom('contract_applications')
      .innerJoin('applications', (join) =>
        join
          .onRef('applications.id', '=', 'contract_applications.application_id')
          .on('applications.workspace_id', '=', workspaceId),
      )
      .select([
        'contract_applications.contract_id',
        'applications.id',
        'applications.name',
        'applications.category_id',
        'applications.user_count',
      ])
      .where('contract_applications.workspace_id', '=', workspaceId)
      .execute(),
    db.selectFrom('categories').select(['id', 'name']).where('workspace_id', '=', workspaceId).execute(),
  ]);
  const applicationsOf = new Map<string, typeof covered>();
  for (const row of covered) pushTo(applicationsOf, row.contract_id, row);
  return {
    contracts,
    applicationsOf,
    categoryNames: new Map(categories.map((category) => [category.id, category.name])),
  };
}

function renewalsWidget(days: number, contracts: ContractRow[], today: string): Widget {
  const last = dayAfter(today, days);
  const within = (day: string | null) => day !== null && day >= today && day <= last;
  const due = contracts
    .map((contract) => ({ contract, ...deadlines(contract) }))
    .filter(({ renewal, notice }) => within(renewal) || within(notice))
    .sort(
      (a, b) =>
        (a.notice ?? a.renewal!).localeCompare(b.notice ?? b.renewal!) || a.contract.id.localeCompare(b.contract.id),
    );
  return tableWidget(
    `renewals-${days}`,
    `Renewals and notice deadlines in the next ${days} days`,
    {
      name: 'Contract',
      vendor: 'Vendor',
      renewalDate: 'Renews or ends',
      noticeDeadline: 'Notice by',
      amount: 'Amount',
      currency: 'Currency',
    },
    due.map(({ contract, renewal, notice }) => ({
      name: contract.name,
      vendor: contract.vendor,
      renewalDate: renewal,
      noticeDeadline: notice,
      amount: contract.amount === null ? null : Number(contract.amount),
      currency: contract.currency,
      resourceType: 'contract',
      resourceId: contract.id,
    })),
    due.length,
  );
}

export const financeDashboard: DashboardDefinition = {
  name: 'finance',
  title: 'Finance',
  description:
    'Annualised spend of the contracts active today, per currency (monthly ×12, quarterly ×4, yearly ×1, ' +
    'one-time in its start year only), by vendor, application and category (a contract covering several ' +
    'applications is split evenly between them); renewals and notice deadlines in the next 30, 60 and 90 ' +
    'days; cost per user of each application.',
  widgetIds: [
    'annual-spend',
    'spend-by-vendor',
    'spend-by-application',
    'spend-by-category',
    'renewals-30',
    'renewals-60',
    'renewals-90',
    'cost-per-user',
  ],
  async widgets(context) {
    const { today } = context;
    const year = today.slice(0, 4);
    const { contracts, applicationsOf, categoryNames } = await load(context);
    const total = new Totals();
    const byVendor = new Totals();
    const byApplication = new Totals();
    const byCategory = new Totals();
    const users = new Map<string, { name: string; userCount: number | null }>();
    for (const contract of contracts) {
      if (contract.start_date > today) continue;
      const annual = annualAmount(contract, year);
      if (annual === null || contract.currency === null) continue;
      const inCents = Math.round(annual * 100);
      total.add(contract.currency, contract.currency, inCents, contract.id);
      byVendor.add(contract.vendor, contract.currency, inCents, contract.id);
      const covered = [...(applicationsOf.get(contract.id) ?? [])].sort((a, b) => a.id.localeCompare(b.id));
      if (covered.length === 0) {
        byApplication.add(null, contract.currency, inCents);
        byCategory.add(null, contract.currency, inCents);
      }
      // Split evenly in whole cents, the leftover cents to the first applications (by id).
      const base = Math.floor(inCents / Math.max(1, covered.length));
      covered.forEach((application, index) => {
        const share = base + (index < inCents - base * covered.length ? 1 : 0);
        byApplication.add(application.id, contract.currency!, share, application.id, application.name);
        const category = application.category_id;
        byCategory.add(
          category,
          contract.currency!,
          share,
          application.id,
          category ? categoryNames.get(category) : undefined,
        );
        users.set(application.id, { name: application.name, userCount: application.user_count });
      });
    }
    const costs = byApplication.groups().filter((group) => group.key !== null);
    const costRows = costs
      .map((group) => {
        const { name, userCount } = users.get(group.key!)!;
        return {
          application: name,
          annualCost: group.value,
          currency: group.currency,
          userCount,
          costPerUser: userCount ? cents(group.value / userCount) : null,
          resourceType: 'application',
          resourceId: group.key,
        };
      })
      .sort((a, b) => (b.costPerUser ?? -1) - (a.costPerUser ?? -1) || a.application.localeCompare(b.application));
    return [
      breakdownWidget('annual-spend', 'Annual spend by currency', total.groups()),
      breakdownWidget('spend-by-vendor', 'Annual spend by vendor', byVendor.top()),
      breakdownWidget('spend-by-application', 'Annual spend by application', byApplication.top()),
      breakdownWidget('spend-by-category', 'Annual spend by category', byCategory.top()),
      ...RENEWAL_WINDOWS.map((days) => renewalsWidget(days, contracts, today)),
      tableWidget(
        'cost-per-user',
        'Annual cost per user of each application',
        {
          application: 'Application',
          annualCost: 'Annual cost',
          currency: 'Currency',
          userCount: 'Users',
          costPerUser: 'Cost per user',
        },
        costRows,
        costRows.length,
      ),
    ];
  },
};
