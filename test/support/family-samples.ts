/**
 * Each family of the service with its samples: all a family adds to the family contract
 * (family-contract.ts). The contract's test (families/family-contract.test.ts) and the recorded
 * answers (wire-answers.ts) run them.
 */
import { announcements } from '../../src/families/announcements/announcements.module.js';
import { applications } from '../../src/families/applications/applications.module.js';
import { categories } from '../../src/families/categories/categories.module.js';
import { contracts } from '../../src/families/contracts/contracts.module.js';
import { dataObjects } from '../../src/families/data-objects/data-objects.module.js';
import { flows } from '../../src/families/flows/flows.module.js';
import { networks, routers } from '../../src/families/networks/networks.module.js';
import { servers } from '../../src/families/servers/servers.module.js';
import { teams } from '../../src/families/teams/teams.module.js';
import { workstations } from '../../src/families/workstations/workstations.module.js';
import type { Family } from '../../src/base/resources/family.js';
import type { FamilySamples, SampleContext } from './family-contract.js';

const child = (path: string, body: Record<string, unknown>) => async (context: SampleContext) => ({
  path,
  id: await context.post(path, body),
});
const tag = child('tags', { name: 'pci' });
const person = child('users', { name: 'Ada Lovelace' });
const team = child('teams', { name: 'Payments' });

/** Each family with its samples, in the registry's order. */
export const SAMPLES = new Map<Family, FamilySamples>([
  [
    categories,
    {
      creates: async (context) => {
        const parent = await context.post('categories', { name: 'Operations' });
        return [{ name: 'Finance', parentId: parent }, { name: 'Human resources' }, { name: 'Logistics' }];
      },
      patch: { description: 'Money matters' },
      filter: async (_context, made) => ({ query: { parentId: String(made[0]!.parentId) }, keeps: [0] }),
    },
  ],
  [
    teams,
    {
      creates: async (context) => {
        const parent = await context.post('teams', { name: 'Engineering' });
        return [
          { name: 'Billing', parentId: parent },
          { name: 'Identity', email: 'identity@example.com' },
          { name: 'Platform', parentId: parent },
        ];
      },
      patch: { description: 'Runs the platform', email: 'platform@example.com' },
      filter: async (_context, made) => ({ query: { parentId: String(made[0]!.parentId) }, keeps: [0, 2] }),
      linkChildren: { members: person },
    },
  ],
  [
    applications,
    {
      creates: async () => [
        { name: 'CRM', criticality: 'high', vendor: 'Salesforce' },
        { name: 'ERP', criticality: 'medium' },
        { name: 'Wiki', criticality: 'high', lifecycleStatus: 'active' },
      ],
      patch: { criticality: 'low', userCount: 120, endOfLifeDate: '2030-12-31' },
      filter: async () => ({ query: { criticality: 'high' }, keeps: [0, 2] }),
      linkChildren: { owners: person, tags: tag, teams: team },
    },
  ],
  [
    servers,
    {
      creates: async () => [
        { name: 'app-01', environment: 'production', ipAddresses: ['10.0.0.5'], cpuCores: 8 },
        { name: 'app-02', environment: 'staging', hostname: 'app-02.example.com' },
        { name: 'db-01', environment: 'production', os: 'Debian' },
      ],
      patch: { environment: 'test', memoryMb: 16384, ipAddresses: ['10.0.0.7', '10.0.0.8'] },
      filter: async () => ({ query: { environment: 'production' }, keeps: [0, 2] }),
      linkChildren: { owners: person, tags: tag, applications: child('applications', { name: 'Billing' }) },
    },
  ],
  [
    networks,
    {
      creates: async () => [
        { name: 'Office', cidr: '10.1.0.0/16', vlan: 10 },
        { name: 'Servers', cidr: '10.2.0.0/16', vlan: 20, environment: 'production' },
        { name: 'Storage', cidr: '10.3.0.0/24', vlan: 20 },
      ],
      patch: { gateway: '10.1.0.1', location: 'London' },
      filter: async () => ({ query: { vlan: '20' }, keeps: [1, 2] }),
    },
  ],
  [
    routers,
    {
      creates: async () => [
        { name: 'core-1', manufacturer: 'Cisco' },
        { name: 'edge-1', manufacturer: 'Juniper', managementIp: '10.0.0.1' },
        { name: 'edge-2', manufacturer: 'Cisco' },
      ],
      patch: { model: 'ASR 1001-X', osVersion: '17.3' },
      filter: async () => ({ query: { manufacturer: 'Cisco' }, keeps: [0, 2] }),
      linkChildren: { networks: child('networks', { name: 'Backbone', cidr: '10.9.0.0/16' }), tags: tag },
    },
  ],
  [
    workstations,
    {
      creates: async () => [
        { name: 'LAP-001', status: 'in_use', serialNumber: 'SN1' },
        { name: 'LAP-002', status: 'in_stock' },
        { name: 'LAP-003', status: 'in_use', warrantyEnd: '2027-06-30' },
      ],
      patch: { status: 'in_repair', memoryMb: 32768 },
      filter: async () => ({ query: { status: 'in_use' }, keeps: [0, 2] }),
    },
  ],
  [
    dataObjects,
    {
      creates: async (context) => {
        const crm = await context.post('applications', { name: 'CRM' });
        return [
          { name: 'Customers', classification: 'confidential', personalData: true, applicationIds: [crm] },
          { name: 'Invoices', classification: 'internal' },
          { name: 'Prices', classification: 'public', retentionDays: 365 },
        ];
      },
      patch: { classification: 'restricted', retentionDays: 30 },
      filter: async () => ({ query: { personalData: 'true' }, keeps: [0] }),
    },
  ],
  [
    contracts,
    {
      creates: async () => [
        { name: 'Office licences', vendor: 'Microsoft', startDate: '2025-01-01', type: 'license' },
        { name: 'Support', vendor: 'Red Hat', startDate: '2025-03-01', endDate: '2026-02-28', type: 'support' },
        { name: 'Trucks', vendor: 'Leasing AG', startDate: '2024-06-01', type: 'lease' },
      ],
      patch: { amount: 1200.5, currency: 'EUR', autoRenew: true },
      filter: async () => ({ query: { type: 'support' }, keeps: [1] }),
    },
  ],
  [
    flows,
    {
      creates: async (context) => {
        const [crm, erp] = [
          await context.post('applications', { name: 'CRM' }),
          await context.post('applications', { name: 'ERP' }),
        ];
        return [
          { name: 'Customers to ERP', sourceApplicationId: crm, targetApplicationId: erp, protocol: 'https' },
          { name: 'Invoices to CRM', sourceApplicationId: erp, targetApplicationId: crm, protocol: 'sftp' },
          { name: 'Prices nightly', sourceApplicationId: erp, targetApplicationId: crm, frequency: 'daily' },
        ];
      },
      patch: { frequency: 'hourly', description: 'Every hour' },
      filter: async () => ({ query: { protocol: 'sftp' }, keeps: [1] }),
    },
  ],
  [
    announcements,
    {
      creates: async () => [
        { title: 'Maintenance', body: 'Saturday night', severity: 'warning' },
        { title: 'New VPN', body: 'Install the client' },
        { title: 'Outage', body: 'Mail is down', severity: 'critical' },
      ],
      patch: { severity: 'info', body: 'Mail is back' },
      filter: async () => ({ query: { severity: 'critical' }, keeps: [2] }),
    },
  ],
]);
