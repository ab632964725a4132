import { Type, type Static } from 'typebox';

const Short = (max: number, description: string, example?: string) =>
  Type.String({ minLength: 1, maxLength: max, description, ...(example ? { examples: [example] } : {}) });

export const MAX_SOFTWARE_ENTRIES = 20000;

export const AgentReport = Type.Object(
  {
    agentVersion: Type.Optional(Short(50, 'Version of the reporting agent.', '0.1.0')),
    host: Type.Object(
      {
        hostname: Type.String({
          minLength: 1,
          maxLength: 253,
          pattern: '^\\S+$',
          description: 'Host name; with the agent, identifies the host.',
          examples: ['db-01'],
        }),
        name: Type.Optional(
          Type.String({
            minLength: 1,
            maxLength: 200,
            pattern: '\\S',
            description:
              "Display name as the host's inventory gives it (spaces allowed: `iMac de Marie`); default the hostname.",
            examples: ['iMac de Marie'],
          }),
        ),
        kind: Type.Enum(['server', 'workstation'], { description: 'server or workstation.' }),
        os: Type.Optional(Short(200, 'Operating system name.', 'Debian GNU/Linux')),
        osVersion: Type.Optional(Short(100, 'Operating system version.', '12')),
        manufacturer: Type.Optional(Short(200, 'Hardware manufacturer (DMI sys_vendor).', 'Dell Inc.')),
        model: Type.Optional(Short(200, 'Hardware model (DMI product_name).', 'PowerEdge R650')),
        serialNumber: Type.Optional(Short(200, 'Serial number.')),
        cpuCores: Type.Optional(
          Type.Integer({ minimum: 0, maximum: 100000, description: 'Logical CPUs.', examples: [16] }),
        ),
        memoryMb: Type.Optional(Type.Integer({ minimum: 0, description: 'Memory in MiB.', examples: [65536] })),
        storageGb: Type.Optional(Type.Integer({ minimum: 0, description: 'Local storage in GB.', examples: [1920] })),
        ipAddresses: Type.Optional(
          Type.Array(Type.String({ maxLength: 45 }), { maxItems: 256, description: 'IPv4 and IPv6 addresses.' }),
        ),
      },
      { additionalProperties: false, description: 'Facts about the host.' },
    ),
    software: Type.Array(
      Type.Object(
        {
          name: Short(300, 'Package or product name.', 'postgresql-15'),
          vendor: Type.String({
            maxLength: 300,
            description: 'Vendor or maintainer; may be empty when unknown.',
            examples: ['PostgreSQL Global Development Group'],
          }),
          version: Type.Optional(
            Type.String({ maxLength: 200, description: 'Installed version.', examples: ['15.4'] }),
          ),
        },
        { additionalProperties: false },
      ),
      {
        maxItems: MAX_SOFTWARE_ENTRIES,
        description:
          `Installed software, at most ${MAX_SOFTWARE_ENTRIES} entries. ` +
          'Entries missing from a report are marked missing.',
      },
    ),
  },
  { additionalProperties: false, description: 'One report of one host.' },
);
export type AgentReport = Static<typeof AgentReport>;

export const ReportResult = Type.Object(
  {
    kind: Type.Enum(['server', 'workstation'], { description: 'Kind of host upserted.' }),
    id: Type.String({ format: 'uuid', description: 'Id of the upserted server or workstation.' }),
  },
  { description: 'The host the report was recorded on.' },
);
