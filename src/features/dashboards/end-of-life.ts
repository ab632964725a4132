/**
 * End of life of the major server and desktop operating systems: the day the vendor's last free
 * security support ends. A host whose OS release is listed here with a day before today is past
 * end of life. Paid extensions (Ubuntu Pro ESM, Windows ESU, RHEL ELS) are not counted.
 *
 * Sources, read on 2026-11-23 (the table's date; update it with the project):
 * - Ubuntu: Canonical's release cycle (end of standard security maintenance; where it names a
 *   month, that month's last day).
 * - Debian: distro-info-data `debian.csv` (`eol-lts`: the end of Debian LTS).
 * - Red Hat Enterprise Linux, CentOS, Rocky Linux, AlmaLinux, SUSE Linux Enterprise Server: the
 *   vendors' life-cycle pages (end of maintenance / general support).
 * - Windows Server and Windows: Microsoft's Lifecycle pages (end of extended support).
 * - macOS: Apple publishes no dates; the day Apple shipped the release's last security update.
 * The same table, rendered, is in docs/pictures/end-of-life.md.
 */
export const END_OF_LIFE_TABLE_DATE = '2026-11-23';

export interface EndOfLife {
  /** Display name of the release. */
  release: string;
  /** Tested against the host's OS name; for a release without `version`, against name and version together. */
  os: RegExp;
  /** What the host's OS version must be or start with (`22.04` matches `22.04.3 LTS`); none when the name says it. */
  version?: string;
  /** Last day of free security support, YYYY-MM-DD. */
  endOfLife: string;
}

const release = (name: string, os: RegExp, version: string | undefined, endOfLife: string): EndOfLife => ({
  release: name,
  os,
  ...(version ? { version } : {}),
  endOfLife,
});
const UBUNTU = /^ubuntu\b/i;
const DEBIAN = /^debian\b/i;
const RHEL = /^(red hat enterprise linux|rhel)\b/i;
const CENTOS = /^centos( linux)?$/i;
const ROCKY = /^rocky( linux)?\b/i;
const ALMA = /^almalinux\b/i;
const SLES = /^(suse linux enterprise server|sles)\b/i;
const MACOS = /^(macos|mac os x|os x)\b/i;

export const END_OF_LIFE: readonly EndOfLife[] = [
  release('Ubuntu 14.04 LTS', UBUNTU, '14.04', '2019-04-30'),
  release('Ubuntu 16.04 LTS', UBUNTU, '16.04', '2021-04-30'),
  release('Ubuntu 18.04 LTS', UBUNTU, '18.04', '2023-05-31'),
  release('Ubuntu 20.04 LTS', UBUNTU, '20.04', '2025-05-31'),
  release('Ubuntu 22.04 LTS', UBUNTU, '22.04', '2027-04-30'),
  release('Ubuntu 24.04 LTS', UBUNTU, '24.04', '2029-04-30'),
  release('Debian 8 (jessie)', DEBIAN, '8', '2020-06-30'),
  release('Debian 9 (stretch)', DEBIAN, '9', '2022-06-30'),
  release('Debian 10 (buster)', DEBIAN, '10', '2024-06-30'),
  release('Debian 11 (bullseye)', DEBIAN, '11', '2026-08-31'),
  release('Debian 12 (bookworm)', DEBIAN, '12', '2028-06-30'),
  release('Red Hat Enterprise Linux 6', RHEL, '6', '2020-11-30'),
  release('Red Hat Enterprise Linux 7', RHEL, '7', '2024-06-30'),
  release('Red Hat Enterprise Linux 8', RHEL, '8', '2029-05-31'),
  release('Red Hat Enterprise Linux 9', RHEL, '9', '2032-05-31'),
  release('CentOS Linux 7', CENTOS, '7', '2024-06-30'),
  release('CentOS Linux 8', CENTOS, '8', '2021-12-31'),
  release('Rocky Linux 8', ROCKY, '8', '2029-05-31'),
  release('Rocky Linux 9', ROCKY, '9', '2032-05-31'),
  release('AlmaLinux 8', ALMA, '8', '2029-03-01'),
  release('AlmaLinux 9', ALMA, '9', '2032-05-31'),
  release('SUSE Linux Enterprise Server 12', SLES, '12', '2024-10-31'),
  release('SUSE Linux Enterprise Server 15', SLES, '15', '2031-07-31'),
  release('Windows Server 2008', /windows server 2008\b(?! r2)/i, undefined, '2020-01-14'),
  release('Windows Server 2008 R2', /windows server 2008 r2\b/i, undefined, '2020-01-14'),
  release('Windows Server 2012', /windows server 2012\b(?! r2)/i, undefined, '2023-10-10'),
  release('Windows Server 2012 R2', /windows server 2012 r2\b/i, undefined, '2023-10-10'),
  release('Windows Server 2016', /windows server 2016\b/i, undefined, '2027-01-12'),
  release('Windows Server 2019', /windows server 2019\b/i, undefined, '2029-01-09'),
  release('Windows Server 2022', /windows server 2022\b/i, undefined, '2031-10-14'),
  release('Windows 7', /^(microsoft )?windows 7\b/i, undefined, '2020-01-14'),
  release('Windows 8.1', /^(microsoft )?windows 8\.1\b/i, undefined, '2023-01-10'),
  release('Windows 10', /^(microsoft )?windows 10\b/i, undefined, '2025-10-14'),
  release('macOS 10.13 High Sierra', MACOS, '10.13', '2020-11-12'),
  release('macOS 10.14 Mojave', MACOS, '10.14', '2021-07-21'),
  release('macOS 10.15 Catalina', MACOS, '10.15', '2022-07-20'),
  release('macOS 11 Big Sur', MACOS, '11', '2023-09-11'),
  release('macOS 12 Monterey', MACOS, '12', '2024-07-29'),
  release('macOS 13 Ventura', MACOS, '13', '2025-07-29'),
];

/** `22.04` is release `22.04` of `22.04.3 LTS`, `12` of `12.5`, but `2` is not of `22.04`. */
function isRelease(version: string, releaseVersion: string): boolean {
  return (
    version === releaseVersion || version.startsWith(`${releaseVersion}.`) || version.startsWith(`${releaseVersion} `)
  );
}

/** The listed release a host's OS name and version are, if any. */
export function releaseOf(os: string | null, osVersion: string | null): EndOfLife | undefined {
  if (!os) return undefined;
  const name = os.trim();
  const version = (osVersion ?? '').trim();
  // A release named in the OS name may also be reported as the version ("Windows Server", "2019").
  return END_OF_LIFE.find((entry) =>
    entry.version === undefined
      ? entry.os.test(`${name} ${version}`.trim())
      : entry.os.test(name) && isRelease(version, entry.version),
  );
}
