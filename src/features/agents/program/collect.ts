import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, hostname, networkInterfaces, totalmem } from 'node:os';
import { promisify } from 'node:util';
import type { AgentReport } from '../report.schemas.js';

const run = promisify(execFile);

function readText(path: string): string | undefined {
  try {
    const text = readFileSync(path, 'utf8').trim();
    return text && !/^(to be filled|default string|system product name|none|not specified)/i.test(text)
      ? text
      : undefined;
  } catch {
    return undefined;
  }
}

/** NAME and VERSION_ID of /etc/os-release (os-release(5)). */
export function parseOsRelease(text: string): { os?: string; osVersion?: string } {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^([A-Z_]+)=(.*)$/.exec(line.trim());
    if (match) values.set(match[1]!, match[2]!.replace(/^["']|["']$/g, ''));
  }
  return { os: values.get('NAME') ?? values.get('PRETTY_NAME'), osVersion: values.get('VERSION_ID') };
}

/** Whole-disk capacity from /sys/block, leaving out loop, RAM and optical devices. */
function storageGb(): number | undefined {
  try {
    let bytes = 0;
    for (const device of readdirSync('/sys/block')) {
      if (/^(loop|ram|zram|sr|fd|dm-)/.test(device)) continue;
      const sectors = Number(readText(`/sys/block/${device}/size`) ?? 0);
      bytes += sectors * 512;
    }
    return bytes > 0 ? Math.round(bytes / 1e9) : undefined;
  } catch {
    return undefined;
  }
}

function ipAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((address) => address && !address.internal)
    .map((address) => address!.address.replace(/%.*$/, ''));
}

/** "Debian PostgreSQL Maintainers <team+postgresql@…>" → "Debian PostgreSQL Maintainers". */
export function vendorOf(maintainer: string): string {
  return maintainer
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Installed packages from dpkg, or rpm; none when neither exists. */
export async function installedPackages(): Promise<AgentReport['software']> {
  const options = { maxBuffer: 64 * 1024 * 1024 };
  try {
    const { stdout } = await run(
      'dpkg-query',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: dpkg-query's own format syntax
      ['-W', '-f', '${db:Status-Abbrev}\\t${Package}\\t${Version}\\t${Maintainer}\\n'],
      options,
    );
    return stdout
      .split('\n')
      .map((line) => line.split('\t'))
      .filter((fields) => fields.length >= 4 && fields[0]!.startsWith('ii'))
      .map(([, name, version, maintainer]) => ({
        name: name!,
        version: version!,
        vendor: vendorOf(maintainer!).slice(0, 300),
      }));
  } catch {
    // not a dpkg system
  }
  try {
    const { stdout } = await run('rpm', ['-qa', '--qf', '%{NAME}\\t%{VERSION}-%{RELEASE}\\t%{VENDOR}\\n'], options);
    return stdout
      .split('\n')
      .map((line) => line.split('\t'))
      .filter((fields) => fields.length === 3 && fields[0])
      .map(([name, version, vendor]) => ({
        name: name!,
        version: version!,
        vendor: vendor === '(none)' ? '' : vendor!.slice(0, 300),
      }));
  } catch {
    return [];
  }
}

/** Collects this host's facts and software (Linux; other systems report what Node can see). */
export async function collectReport(kind: 'server' | 'workstation', agentVersion: string): Promise<AgentReport> {
  const release = existsSync('/etc/os-release') ? parseOsRelease(readFileSync('/etc/os-release', 'utf8')) : {};
  const host: AgentReport['host'] = {
    hostname: hostname(),
    kind,
    cpuCores: cpus().length,
    memoryMb: Math.round(totalmem() / 1048576),
    ipAddresses: ipAddresses(),
  };
  const facts = {
    os: release.os,
    osVersion: release.osVersion,
    manufacturer: readText('/sys/class/dmi/id/sys_vendor'),
    model: readText('/sys/class/dmi/id/product_name'),
    serialNumber: readText('/sys/class/dmi/id/product_serial'),
    storageGb: storageGb(),
  };
  for (const [field, value] of Object.entries(facts))
    if (value !== undefined) (host as Record<string, unknown>)[field] = value;
  return { agentVersion, host, software: await installedPackages() };
}
