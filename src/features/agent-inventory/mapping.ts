/**
 * An inventory (GLPI native JSON `content`, or the OCS/FusionInventory XML `CONTENT`, whose
 * sections have the same names in upper case) mapped onto Estate's hosts: a computer becomes a
 * server or a workstation by its chassis, network equipment a router; printers and phones are
 * acknowledged and skipped. docs/agents.md ("Inventory agents") lists every field.
 */
import { isIP } from 'node:net';
import { MAX_SOFTWARE_ENTRIES, type AgentReport } from '../agents/report.schemas.js';
import { ApiError } from '../../base/errors/api-error.js';

type Section = Record<string, unknown>;

/** A computer's report, with what finds its host again when its device id changes. */
export interface ComputerInventory {
  kind: 'computer';
  report: AgentReport;
  hardwareUuid: string | null;
  serialNumber: string | null;
  /** The last logged-in user, or the first listed (a workstation's assigned user when a member matches). */
  login: string | null;
}

export interface RouterInventory {
  kind: 'router';
  name: string;
  fields: {
    name: string;
    manufacturer: string | null;
    model: string | null;
    serialNumber: string | null;
    managementIp: string | null;
    osVersion: string | null;
    location: string | null;
  };
  serialNumber: string | null;
}

export interface SkippedInventory {
  kind: 'skipped';
  itemtype: string;
}

export type MappedInventory = ComputerInventory | RouterInventory | SkippedInventory;

/** The item types an inventory may carry; others are refused (422). */
const ITEM_TYPES = ['computer', 'networkequipment', 'printer', 'phone', 'unmanaged'];

const text = (value: unknown, max = 200): string | null => {
  if (typeof value === 'number') value = String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed.slice(0, max);
};

const section = (content: Section, name: string): Section => {
  const value = content[name];
  if (Array.isArray(value)) return (value[0] as Section) ?? {};
  return typeof value === 'object' && value !== null ? (value as Section) : {};
};

const list = (content: Section, name: string): Section[] => {
  const value = content[name];
  if (Array.isArray(value))
    return value.filter((entry): entry is Section => typeof entry === 'object' && entry !== null);
  return typeof value === 'object' && value !== null ? [value as Section] : [];
};

const integer = (value: unknown): number | null => {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number.parseFloat(value) : Number.NaN;
  return Number.isFinite(number) && number >= 0 ? Math.round(number) : null;
};

/** Serial numbers and UUIDs that firmware fills in when it has none: they identify nothing. */
const PLACEHOLDER = new RegExp(
  '^(?:to be filled.*|default string|system serial number|not specified|not applicable|none|n/a|' +
    '0+|1234567890|0123456789|[0f-]+|03000200-0400-0500-0006-000700080009)$',
  'i',
);

const identifier = (value: unknown): string | null => {
  const found = text(value);
  return found && !PLACEHOLDER.test(found) ? found : null;
};

const SERVER_CHASSIS = /rack|blade|server|multi-system|virtual|expansion chassis|rack mount/i;
const WORKSTATION_CHASSIS = new RegExp(
  'desktop|laptop|notebook|tablet|all[- ]in[- ]one|portable|convertible|detachable|tower|low profile|' +
    'hand ?held|sub ?notebook|lunch ?box|space[- ]saving|docking|mini pc|stick pc',
  'i',
);

/** Server or workstation: by chassis, a virtual machine is a server, else by the OS. */
function kindOf(hardware: Section, bios: Section, os: string | null): 'server' | 'workstation' {
  const chassis = text(hardware.chassis_type) ?? text(bios.type) ?? '';
  if (SERVER_CHASSIS.test(chassis)) return 'server';
  if (WORKSTATION_CHASSIS.test(chassis)) return 'workstation';
  const vm = text(hardware.vmsystem);
  if (vm && !/^physical$/i.test(vm)) return 'server';
  if (os && (/mac ?os|os x|darwin/i.test(os) || (/windows/i.test(os) && !/server/i.test(os)))) return 'workstation';
  return 'server';
}

/** The OS name and version: Windows by its full name ("Windows 11 Pro"), others by name and version. */
function osOf(system: Section, hardware: Section): { os: string | null; osVersion: string | null } {
  const name = text(system.name) ?? text(hardware.osname);
  const full = text(system.full_name);
  const osVersion = text(system.version, 100) ?? text(hardware.osversion, 100);
  let os = name && /^(microsoft )?windows$/i.test(name) && full ? full.replace(/^microsoft\s+/i, '') : name;
  // The OCS agent names the OS with its version ("Debian GNU/Linux 12", version 12).
  if (os && osVersion && os.endsWith(` ${osVersion}`)) os = os.slice(0, -osVersion.length - 1);
  return { os, osVersion };
}

/** Addresses of the host's interfaces: loopback, link-local and unset ones left out. */
function addressesOf(networks: Section[]): string[] {
  const found = new Set<string>();
  for (const network of networks) {
    for (const key of ['ipaddress', 'ipaddress6']) {
      const values = Array.isArray(network[key]) ? (network[key] as unknown[]) : [network[key]];
      for (const value of values) {
        const address = text(value, 45)?.replace(/%.*$/, '');
        if (!address || !isIP(address)) continue;
        if (/^(127\.|0\.0\.0\.0$|169\.254\.)/.test(address) || /^(::1?$|fe80:)/i.test(address)) continue;
        found.add(address);
      }
    }
  }
  return [...found].slice(0, 256);
}

const ARCHITECTURE_NOTE = /\s*\((?:x64|x86|amd64|arm64|64-bit|32-bit|64 bits?|32 bits?)(?:[ ,][^)]*)?\)\s*$/i;

/**
 * A software name as catalog matching needs it: Windows' uninstall entries often carry the
 * architecture and language ("Mozilla Firefox (x64 en-US)") or the version ("7-Zip 23.01 (x64)",
 * "… Redistributable - 14.38.33130") in the name.
 */
export function softwareName(name: string, version: string | null): string {
  // The OCS agent names multi-arch Debian packages with their architecture ("libc6:amd64").
  let result = name.trim().replace(/:(?:amd64|i386|arm64|armhf|armel|ppc64el|s390x|mips64el|riscv64|all)$/, '');
  for (let pass = 0; pass < 2; pass++) {
    result = result.replace(ARCHITECTURE_NOTE, '');
    // A version written after a space ("7-Zip 23.01", "… - 14.38.33130"), never inside a name ("python3.11").
    const trailing = /(?:\s+-\s*|\s+(?:version\s+)?v?)(\d+(?:\.\d+)+)$/i.exec(result);
    if (trailing && version?.startsWith(trailing[1]!)) result = result.slice(0, trailing.index);
  }
  return result.trim() || name.trim();
}

function softwareOf(content: Section): AgentReport['software'] {
  const entries = list(content, 'softwares');
  if (entries.length > MAX_SOFTWARE_ENTRIES)
    throw new ApiError(
      'payload_too_large',
      `the inventory lists ${entries.length} software entries; at most ${MAX_SOFTWARE_ENTRIES} are accepted`,
    );
  const software: AgentReport['software'] = [];
  for (const entry of entries) {
    const name = text(entry.name, 300);
    if (!name) continue;
    const version = text(entry.version, 200);
    software.push({
      name: softwareName(name, version).slice(0, 300),
      vendor: text(entry.publisher, 300) ?? '',
      ...(version ? { version } : {}),
    });
  }
  return software;
}

/** A host name as Estate keeps it: no spaces, at most 253 characters. */
const hostnameOf = (...candidates: unknown[]) => {
  for (const candidate of candidates) {
    const name = text(candidate, 253)?.replace(/\s+/g, '-');
    if (name) return name;
  }
  return null;
};

function computerOf(content: Section, deviceId: string, agentVersion: string | null): ComputerInventory {
  const hardware = section(content, 'hardware');
  const bios = section(content, 'bios');
  const system = section(content, 'operatingsystem');
  const { os, osVersion } = osOf(system, hardware);
  const kind = kindOf(hardware, bios, os);
  const cpus = list(content, 'cpus');
  const logical = cpus.reduce(
    (sum, cpu) => sum + (integer(cpu.thread) ?? integer(cpu.threads) ?? integer(cpu.core) ?? integer(cpu.cores) ?? 0),
    0,
  );
  const storageMb = list(content, 'storages').reduce((sum, disk) => sum + (integer(disk.disksize) ?? 0), 0);
  const serialNumber = identifier(bios.ssn) ?? identifier(bios.msn);
  const hostname = hostnameOf(hardware.name, system.fqdn, deviceId.replace(/-\d{4}(?:-\d{2}){5}$/, ''));
  if (!hostname) throw new ApiError('unprocessable_entity', 'the inventory names no host (HARDWARE/NAME)');
  // The name as the inventory gives it ("iMac de Marie"); only the hostname follows host-name rules.
  const name = text(hardware.name);
  const host: AgentReport['host'] = {
    hostname,
    ...(name ? { name } : {}),
    kind,
    ...(os ? { os } : {}),
    ...(osVersion ? { osVersion } : {}),
    ...(text(bios.smanufacturer) ? { manufacturer: text(bios.smanufacturer)! } : {}),
    ...(text(bios.smodel) ? { model: text(bios.smodel)! } : {}),
    ...(serialNumber ? { serialNumber } : {}),
    ...(logical > 0 ? { cpuCores: Math.min(logical, 100000) } : {}),
    ...(integer(hardware.memory) ? { memoryMb: integer(hardware.memory)! } : {}),
    ...(kind === 'server' && storageMb > 0 ? { storageGb: Math.round(storageMb / 1000) } : {}),
    ipAddresses: addressesOf(list(content, 'networks')),
  };
  const users = list(content, 'users');
  return {
    kind: 'computer',
    report: { ...(agentVersion ? { agentVersion } : {}), host, software: softwareOf(content) },
    hardwareUuid: identifier(hardware.uuid),
    serialNumber,
    login: text(users[0]?.login) ?? text(hardware.lastloggeduser),
  };
}

function routerOf(device: Section): RouterInventory {
  const info = typeof device.info === 'object' && device.info !== null ? (device.info as Section) : device;
  const ips = info.ips;
  const addresses = (Array.isArray(ips) ? ips : typeof ips === 'object' && ips !== null ? [ips] : [])
    .flatMap((entry) => (typeof entry === 'object' && entry !== null ? Object.values(entry).flat() : [entry]))
    .map((value) => text(value, 45))
    .filter((address): address is string => address !== null && isIP(address) !== 0 && !address.startsWith('127.'));
  // A router has a name, not a host name: kept as the inventory gives it ("Core switch 2").
  const name = text(info.name) ?? text(info.serial) ?? 'network device';
  const serialNumber = identifier(info.serial);
  return {
    kind: 'router',
    name,
    serialNumber,
    fields: {
      name,
      manufacturer: text(info.manufacturer),
      model: text(info.model),
      serialNumber,
      managementIp: addresses[0] ?? null,
      osVersion: text(info.firmware, 100),
      location: text(info.location),
    },
  };
}

/**
 * One inventory mapped: `itemtype` (GLPI JSON) or the XML query decides what it is; a network
 * inventory (netinventory, SNMP) is the device's own type.
 */
export function mapInventory(
  content: Section,
  options: { deviceId: string; itemtype: string | null; agentVersion: string | null },
): MappedInventory {
  const device = section(content, 'network_device');
  const snmp = section(content, 'device');
  const declared = (options.itemtype ?? '').toLowerCase();
  const deviceType = (text(device.type) ?? text(section(snmp, 'info').type) ?? '').toLowerCase();
  if (declared && !ITEM_TYPES.includes(declared))
    throw new ApiError(
      'unprocessable_entity',
      `the item type ${String(options.itemtype).slice(0, 50)} is not one Estate inventories`,
    );
  if (declared === 'printer' || declared === 'phone' || /printer|phone/.test(deviceType))
    return { kind: 'skipped', itemtype: declared || deviceType };
  if (declared === 'networkequipment' || Object.keys(device).length > 0 || Object.keys(snmp).length > 0)
    return routerOf(Object.keys(device).length > 0 ? device : snmp);
  return computerOf(content, options.deviceId, options.agentVersion);
}
