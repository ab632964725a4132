/**
 * Synthetic agent reports for bench/agents.ts and bench/load-child.ts: a pool of ~600
 * realistic Debian/Ubuntu packages (names, maintainers as dpkg reports them, versions), hosts with
 * realistic facts, and a deterministic per-agent evolution of the installed software from one
 * report to the next (~2 % version changes, ~1 % removals and ~1 % additions, half of them
 * re-installing something removed earlier, so reconciliation exercises every path: insert,
 * version change, missing, revived).
 *
 * Everything is driven by a per-agent mulberry32 state kept in AgentState, so the parent and the
 * load child can hand an agent back and forth and the parent always knows the last list sent.
 */

export interface SoftwareEntry {
  name: string;
  vendor: string;
  version: string;
}

export interface HostFacts {
  hostname: string;
  kind: 'server';
  os: string;
  osVersion: string;
  manufacturer: string;
  model: string;
  serialNumber: string;
  cpuCores: number;
  memoryMb: number;
  storageGb: number;
  ipAddresses: string[];
}

/** One enrolled agent and the software its host has now (the list of its last report). */
export interface AgentState {
  index: number;
  id: string;
  token: string;
  host: HostFacts;
  software: SoftwareEntry[];
  /** Entries this host once had and removed: half of the additions re-install one of them. */
  removed: SoftwareEntry[];
  /** mulberry32 state. */
  rng: number;
  /** Reports built so far (the initial one included). */
  reports: number;
}

/** Per-report change rates of a steady-state report. */
export const VERSION_CHANGE_RATE = 0.02;
export const REMOVE_RATE = 0.01;
export const ADD_RATE = 0.01;

// ---------------------------------------------------------------------------------------------
// Deterministic randomness

export function nextRandom(state: { rng: number }): number {
  let t = (state.rng = (state.rng + 0x6d2b79f5) | 0);
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---------------------------------------------------------------------------------------------
// The package pool

interface PoolEntry {
  name: string;
  vendor: string;
  version: string;
  /** Sampling weight: base-system packages are on (nearly) every host. */
  weight: number;
}

/** Groups of packages sharing a maintainer; `version` may be fixed per name with name=version. */
const GROUPS: [vendor: string, names: string][] = [
  // Base system: present on nearly every Debian/Ubuntu server.
  [
    'GNU Libc Maintainers',
    'libc6=2.36-9+deb12u7 libc-bin=2.36-9+deb12u7 libc-l10n=2.36-9+deb12u7 locales=2.36-9+deb12u7',
  ],
  [
    'Debian systemd Maintainers',
    'systemd=252.30-1~deb12u2 systemd-sysv=252.30-1~deb12u2 libsystemd0=252.30-1~deb12u2 libudev1=252.30-1~deb12u2 udev=252.30-1~deb12u2 libpam-systemd=252.30-1~deb12u2 systemd-timesyncd=252.30-1~deb12u2 libsystemd-shared=252.30-1~deb12u2',
  ],
  ['Debian OpenSSL Team', 'openssl=3.0.14-1~deb12u2 libssl3=3.0.14-1~deb12u2'],
  [
    'Debian OpenSSH Maintainers',
    'openssh-server=1:9.2p1-2+deb12u3 openssh-client=1:9.2p1-2+deb12u3 openssh-sftp-server=1:9.2p1-2+deb12u3',
  ],
  ['APT Development Team', 'apt=2.6.1 libapt-pkg6.0=2.6.1 apt-utils=2.6.1 python3-apt=2.6.0'],
  ['Dpkg Developers', 'dpkg=1.21.22 libdpkg-perl=1.21.22 dpkg-dev=1.21.22'],
  [
    'Matthias Klose',
    'bash=5.2.15-2+b7 python3=3.11.2-1+b1 python3-minimal=3.11.2-1+b1 python3.11=3.11.2-6+deb12u3 python3.11-minimal=3.11.2-6+deb12u3 libpython3.11-stdlib=3.11.2-6+deb12u3 libpython3-stdlib=3.11.2-1+b1 libpython3.11-minimal=3.11.2-6+deb12u3',
  ],
  ['Michael Stone', 'coreutils=9.1-1'],
  [
    'Debian Perl Group',
    'perl=5.36.0-7+deb12u1 perl-base=5.36.0-7+deb12u1 perl-modules-5.36=5.36.0-7+deb12u1 libperl5.36=5.36.0-7+deb12u1',
  ],
  [
    'Debian GCC Maintainers',
    'libgcc-s1=12.2.0-14 libstdc++6=12.2.0-14 gcc-12-base=12.2.0-14 libgomp1=12.2.0-14 libatomic1=12.2.0-14 libquadmath0=12.2.0-14',
  ],
  ['Debian Install System Team', 'debconf=1.5.82 debconf-i18n=1.5.82 tasksel=3.73 tasksel-data=3.73'],
  [
    'Debian QA Group',
    'netbase=6.4 ncurses-base=6.4-4 ncurses-bin=6.4-4 libncursesw6=6.4-4 libtinfo6=6.4-4 less=590-2.1~deb12u2 mawk=1.3.4.20200120-3.1',
  ],
  ['Debian Security Tools', 'ca-certificates=20230311 apparmor=3.0.8-3 libapparmor1=3.0.8-3'],
  [
    'Santiago Vila',
    'base-files=12.4+deb12u7 debianutils=5.7-0.5~deb12u1 sed=4.9-1 grep=3.8-5 diffutils=1:3.8-4 findutils=4.9.0-4 gzip=1.12-1 tar=1.34+dfsg-1.2+deb12u1 hostname=3.23+nmu1 bsdutils=1:2.38.1-5+deb12u1',
  ],
  [
    'util-linux packagers',
    'util-linux=2.38.1-5+deb12u1 mount=2.38.1-5+deb12u1 libblkid1=2.38.1-5+deb12u1 libmount1=2.38.1-5+deb12u1 libsmartcols1=2.38.1-5+deb12u1 libuuid1=2.38.1-5+deb12u1 fdisk=2.38.1-5+deb12u1 libfdisk1=2.38.1-5+deb12u1 uuid-runtime=2.38.1-5+deb12u1',
  ],
  [
    'Debian Kernel Team',
    'linux-image-amd64=6.1.112-1 linux-image-6.1.0-26-amd64=6.1.112-1 linux-base=4.9 firmware-linux-free=20200122-1 initramfs-tools=0.142 initramfs-tools-core=0.142 klibc-utils=2.0.12-1 libklibc=2.0.12-1',
  ],
  [
    'GRUB Maintainers',
    'grub-pc=2.06-13+deb12u1 grub-pc-bin=2.06-13+deb12u1 grub-common=2.06-13+deb12u1 grub2-common=2.06-13+deb12u1',
  ],
  ['Debian Cron Team', 'cron=3.0pl1-162 cron-daemon-common=3.0pl1-162'],
  ['Debian Rsyslog Maintainers', 'rsyslog=8.2302.0-1 logrotate=3.21.0-1'],
  ['Debian Sudo Maintainers', 'sudo=1.9.13p3-1+deb12u1'],
  ['Debian ISC DHCP Maintainers', 'isc-dhcp-client=4.4.3-P1-2 isc-dhcp-common=4.4.3-P1-2'],
  [
    'Debian Network Tools',
    'iproute2=6.1.0-3 iputils-ping=3:20221126-1 ifupdown=0.8.41 net-tools=2.10-0.1 netcat-openbsd=1.219-1 dnsutils=1:9.18.28-1~deb12u2 bind9-host=1:9.18.28-1~deb12u2 bind9-libs=1:9.18.28-1~deb12u2 traceroute=1:2.1.2-1 tcpdump=4.99.3-1 ethtool=1:6.1-1 iptables=1.8.9-2 nftables=1.0.6-2+deb12u2 libnftables1=1.0.6-2+deb12u2 libnftnl11=1.2.4-2 libmnl0=1.0.4-3',
  ],
  [
    'Debian Vim Maintainers',
    'vim=2:9.0.1378-2 vim-tiny=2:9.0.1378-2 vim-common=2:9.0.1378-2 vim-runtime=2:9.0.1378-2 xxd=2:9.0.1378-2',
  ],
  ['Debian Curl Maintainers', 'curl=7.88.1-10+deb12u8 libcurl4=7.88.1-10+deb12u8 libcurl3-gnutls=7.88.1-10+deb12u8'],
  [
    'Debian GnuTLS Maintainers',
    'libgnutls30=3.7.9-2+deb12u3 libtasn1-6=4.19.0-2 libp11-kit0=0.24.1-2 libnettle8=3.8.1-2 libhogweed6=3.8.1-2 libidn2-0=2.3.3-1+b1 libunistring2=1.0-2',
  ],
  [
    'Debian Zlib Maintainers',
    'zlib1g=1:1.2.13.dfsg-1 liblzma5=5.4.1-0.2 libbz2-1.0=1.0.8-5+b1 libzstd1=1.5.4+dfsg2-5 liblz4-1=1.9.4-1 xz-utils=5.4.1-0.2 bzip2=1.0.8-5+b1 unzip=6.0-28 zip=3.0-13',
  ],
  [
    'Debian Security Tools',
    'libselinux1=3.4-1+b6 libsemanage2=3.4-1+b5 libsepol2=3.4-2.1 libaudit1=1:3.0.9-1 libaudit-common=1:3.0.9-1 libcap2=1:2.66-4 libcap-ng0=0.8.3-1+b3 libseccomp2=2.5.4-1+b3',
  ],
  [
    'Steve Langasek',
    'libpam0g=1.5.2-6+deb12u1 libpam-modules=1.5.2-6+deb12u1 libpam-modules-bin=1.5.2-6+deb12u1 libpam-runtime=1.5.2-6+deb12u1',
  ],
  ['Debian Shadow Team', 'passwd=1:4.13+dfsg1-1+b1 login=1:4.13+dfsg1-1+b1 adduser=3.134'],
  ['Debian SQLite Maintainers', 'libsqlite3-0=3.40.1-2+deb12u1 sqlite3=3.40.1-2+deb12u1'],
  ['Debian Expat Maintainers', 'libexpat1=2.5.0-1+deb12u1 libxml2=2.9.14+dfsg-1.3~deb12u1 libxslt1.1=1.1.35-1'],
  [
    'Debian Krb5 Maintainers',
    'libgssapi-krb5-2=1.20.1-2+deb12u2 libkrb5-3=1.20.1-2+deb12u2 libkrb5support0=1.20.1-2+deb12u2 libk5crypto3=1.20.1-2+deb12u2 libkeyutils1=1.6.3-2 libcom-err2=1.47.0-2',
  ],
  ["Theodore Y. Ts'o", 'e2fsprogs=1.47.0-2 libext2fs2=1.47.0-2 libss2=1.47.0-2 logsave=1.47.0-2'],
  [
    'Debian LVM Team',
    'lvm2=2.03.16-2 dmsetup=2:1.02.185-2 libdevmapper1.02.1=2:1.02.185-2 liblvm2cmd2.03=2.03.16-2 thin-provisioning-tools=0.9.0-2 mdadm=4.2-5',
  ],
  [
    'Debian Dbus Team',
    'dbus=1.14.10-1~deb12u1 dbus-bin=1.14.10-1~deb12u1 dbus-daemon=1.14.10-1~deb12u1 dbus-system-bus-common=1.14.10-1~deb12u1 libdbus-1-3=1.14.10-1~deb12u1',
  ],
  ['Debian GLib Maintainers', 'libglib2.0-0=2.74.6-2+deb12u3 shared-mime-info=2.2-1'],
  ['Debian PCRE Maintainers', 'libpcre2-8-0=10.42-1 libpcre3=2:8.39-15'],
  ['Debian Readline Maintainers', 'libreadline8=8.2-1.3 readline-common=8.2-1.3 libedit2=3.1-20221030-2'],
  ['Debian Wget Maintainers', 'wget=1.21.3-1+b2'],
  [
    'Debian Mail Team',
    'exim4-base=4.96-15+deb12u5 exim4-config=4.96-15+deb12u5 exim4-daemon-light=4.96-15+deb12u5 bsd-mailx=8.1.2-0.20220412cvs-1',
  ],
  ['Debian Chrony Maintainers', 'chrony=4.3-2+deb12u1'],
  ['Debian Cloud Team', 'cloud-init=22.4.2-1+deb12u1 cloud-guest-utils=0.33-1 cloud-initramfs-growroot=0.18.debian13'],
  ['Debian Multimedia Maintainers', 'libmagic1=1:5.44-3 libmagic-mgc=1:5.44-3 file=1:5.44-3'],
  ['Debian Git Maintainers', 'git=1:2.39.5-0+deb12u1 git-man=1:2.39.5-0+deb12u1 liberror-perl=0.17029-2'],
  [
    'Debian Htop Maintainers',
    'htop=3.2.2-2 lsof=4.95.0-1 strace=6.1-0.1 psmisc=23.6-1 procps=2:4.0.2-3 libproc2-0=2:4.0.2-3 sysstat=12.6.1-1 iotop=0.6-42 pciutils=1:3.9.0-4 usbutils=1:014-1+deb12u1 dmidecode=3.4-1 lshw=02.19.git.2021.06.19.996aaad9c7-2 smartmontools=7.3-pre1-1',
  ],
  [
    'Debian Bash Completion Maintainers',
    'bash-completion=1:2.11-6 man-db=2.11.2-2 manpages=6.03-2 groff-base=1.22.4-10 info=6.8-6+b1 install-info=6.8-6+b1 tmux=3.3a-3 screen=4.9.0-4 rsync=3.2.7-1+deb12u2 jq=1.6-2.1 libjq1=1.6-2.1 libonig5=6.9.8-1 gnupg=2.2.40-1.1 gpg=2.2.40-1.1 gpgv=2.2.40-1.1 dirmngr=2.2.40-1.1 gnupg-utils=2.2.40-1.1 pinentry-curses=1.2.1-1',
  ],
  // Server roles and runtimes: on some hosts only.
  [
    'Debian PostgreSQL Maintainers',
    'postgresql-15=15.8-0+deb12u1 postgresql-client-15=15.8-0+deb12u1 postgresql-common=248 postgresql-client-common=248 libpq5=15.8-0+deb12u1 postgresql-contrib=15+248 pgbouncer=1.18.0-1 pgbackrest=2.44-1 postgresql-15-postgis-3=3.3.2+dfsg-1 repmgr=5.3.3-2',
  ],
  [
    'Debian MySQL Maintainers',
    'mariadb-server=1:10.11.6-0+deb12u1 mariadb-client=1:10.11.6-0+deb12u1 mariadb-common=1:10.11.6-0+deb12u1 libmariadb3=1:10.11.6-0+deb12u1 galera-4=26.4.20-0+deb12u1 mysql-common=5.8+1.1.0',
  ],
  [
    'Debian Nginx Maintainers',
    'nginx=1.22.1-9 nginx-common=1.22.1-9 libnginx-mod-http-geoip=1.22.1-9 libnginx-mod-stream=1.22.1-9',
  ],
  [
    'Debian Apache Maintainers',
    'apache2=2.4.62-1~deb12u1 apache2-bin=2.4.62-1~deb12u1 apache2-data=2.4.62-1~deb12u1 apache2-utils=2.4.62-1~deb12u1 libapache2-mod-php8.2=8.2.24-1~deb12u1 libaprutil1=1.6.3-1 libapr1=1.7.2-3',
  ],
  [
    'Debian PHP Maintainers',
    'php8.2=8.2.24-1~deb12u1 php8.2-cli=8.2.24-1~deb12u1 php8.2-fpm=8.2.24-1~deb12u1 php8.2-common=8.2.24-1~deb12u1 php8.2-mysql=8.2.24-1~deb12u1 php8.2-pgsql=8.2.24-1~deb12u1 php8.2-curl=8.2.24-1~deb12u1 php8.2-xml=8.2.24-1~deb12u1 php8.2-mbstring=8.2.24-1~deb12u1 php8.2-intl=8.2.24-1~deb12u1 php8.2-gd=8.2.24-1~deb12u1 php8.2-opcache=8.2.24-1~deb12u1 php-common=2:93',
  ],
  [
    'Debian Java Maintainers',
    'openjdk-17-jre-headless=17.0.12+7-2~deb12u1 openjdk-17-jdk-headless=17.0.12+7-2~deb12u1 default-jre-headless=2:1.17-74 java-common=0.74 ca-certificates-java=20230710~deb12u1 tomcat10=10.1.6-1+deb12u2 tomcat10-common=10.1.6-1+deb12u2 libtomcat10-java=10.1.6-1+deb12u2 maven=3.8.7-1 ant=1.10.13-1',
  ],
  [
    'Debian Redis Maintainers',
    'redis-server=5:7.0.15-1~deb12u1 redis-tools=5:7.0.15-1~deb12u1 memcached=1.6.18-1 haproxy=2.6.12-1+deb12u1 keepalived=1:2.2.7-1+b2 varnish=7.1.1-1.1',
  ],
  [
    'Debian Samba Maintainers',
    'samba=2:4.17.12+dfsg-0+deb12u1 samba-common=2:4.17.12+dfsg-0+deb12u1 smbclient=2:4.17.12+dfsg-0+deb12u1 winbind=2:4.17.12+dfsg-0+deb12u1 cifs-utils=2:7.0-2 nfs-common=1:2.6.2-4 nfs-kernel-server=1:2.6.2-4 rpcbind=1.2.6-6+b1',
  ],
  [
    'Debian Bind Maintainers',
    'bind9=1:9.18.28-1~deb12u2 bind9-utils=1:9.18.28-1~deb12u2 unbound=1.17.1-2+deb12u2 dnsmasq-base=2.89-1 isc-dhcp-server=4.4.3-P1-2',
  ],
  ['Debian Go Compiler Team', 'golang-1.19-go=1.19.8-2 golang-go=2:1.19~1 golang-src=2:1.19~1'],
  [
    'Debian Javascript Maintainers',
    'nodejs=18.19.0+dfsg-6~deb12u2 npm=9.2.0~ds1-1 libnode108=18.19.0+dfsg-6~deb12u2 node-acorn=8.8.1+ds+~cs25.17.7-2',
  ],
  [
    'Debian Ruby Team',
    'ruby=1:3.1 ruby3.1=3.1.2-7+deb12u1 libruby3.1=3.1.2-7+deb12u1 rubygems-integration=1.18 ruby-net-telnet=0.2.0-1',
  ],
  [
    'Debian Monitoring Team',
    'prometheus-node-exporter=1.5.0-1+b6 prometheus=2.42.0+ds-5+b5 munin-node=2.0.73-1 nagios-nrpe-server=4.1.0-1 monitoring-plugins=2.3.3-5+deb12u2 collectd=5.12.0-14 zabbix-agent=1:6.0.14+dfsg-1+b1',
  ],
  [
    'Debian Fail2ban Maintainers',
    'fail2ban=1.0.2-2 ufw=0.36.2-1 unattended-upgrades=2.9.1+nmu3 needrestart=3.6-4+deb12u1 apt-listchanges=3.24 debsums=3.0.2.1 aide=0.18.3-1+deb12u3 auditd=1:3.0.9-1 rkhunter=1.4.6-11 lynis=3.0.8-1',
  ],
  [
    'Debian Virtualization Team',
    'qemu-guest-agent=1:7.2+dfsg-7+deb12u7 open-vm-tools=2:12.2.0-1+deb12u2 libvirt-daemon=9.0.0-4 qemu-system-x86=1:7.2+dfsg-7+deb12u7 cloud-image-utils=0.33-1 hyperv-daemons=6.1.112-1',
  ],
  [
    'Debian Backup Team',
    'borgbackup=1.2.4-1 restic=0.14.0-1+b5 bacula-fd=9.6.7-7 rsnapshot=1.4.5-1 duplicity=0.8.22-1+b2',
  ],
  // Third-party repositories: the upstream is the vendor.
  [
    'Docker Inc.',
    'docker-ce=5:27.3.1-1~debian.12~bookworm docker-ce-cli=5:27.3.1-1~debian.12~bookworm containerd.io=1.7.22-1 docker-buildx-plugin=0.17.1-1~debian.12~bookworm docker-compose-plugin=2.29.7-1~debian.12~bookworm docker-ce-rootless-extras=5:27.3.1-1~debian.12~bookworm',
  ],
  [
    'Elastic',
    'elasticsearch=8.15.2 filebeat=8.15.2 metricbeat=8.15.2 kibana=8.15.2 logstash=1:8.15.2-1 auditbeat=8.15.2',
  ],
  ['Grafana Labs', 'grafana=11.2.2 loki=3.2.0 promtail=3.2.0 grafana-agent=0.43.3 alloy=1.4.2'],
  ['HashiCorp', 'terraform=1.9.7-1 vault=1.17.6-1 consul=1.19.2-1 nomad=1.8.4-1 packer=1.11.2-1 vagrant=2.4.1-1'],
  ['Datadog', 'datadog-agent=1:7.57.2-1 datadog-signing-keys=1:1.4.0-1'],
  [
    'Microsoft Corporation',
    'powershell=7.4.5-1.deb azure-cli=2.65.0-1~bookworm mdatp=101.24082.0004 dotnet-runtime-8.0=8.0.10-1 aspnetcore-runtime-8.0=8.0.10-1 packages-microsoft-prod=1.1',
  ],
  [
    'PostgreSQL Global Development Group',
    'postgresql-16=16.4-1.pgdg120+2 postgresql-client-16=16.4-1.pgdg120+2 pgdg-keyring=2018.2 timescaledb-2-postgresql-16=2.16.1~debian12 pg-activity=3.5.1-1.pgdg120+1',
  ],
  [
    'MongoDB',
    'mongodb-org=7.0.14 mongodb-org-server=7.0.14 mongodb-org-shell=7.0.14 mongodb-mongosh=2.3.1 mongodb-database-tools=100.10.0',
  ],
  [
    'Percona',
    'percona-server-server=8.0.39-30-1.bookworm percona-xtrabackup-80=8.0.35-31-1.bookworm percona-toolkit=3.6.0-1.bookworm',
  ],
  [
    'Amazon Web Services',
    'amazon-ssm-agent=3.3.987.0-1 amazon-cloudwatch-agent=1.300047.0b823-1 aws-cli=2.18.4 ec2-instance-connect=1.1.17',
  ],
  ['Google', 'google-guest-agent=1:20240928.00-g1 google-cloud-cli=496.0.0-0 google-osconfig-agent=1:20240926.03-g1'],
  ['CrowdStrike', 'falcon-sensor=7.18.0-17106'],
  ['Tailscale Inc.', 'tailscale=1.76.1'],
  ['Canonical Ltd.', 'snapd=2.57.6-1+b5 lxd=5.0.2-5 landscape-client=23.02-2'],
  ['Zabbix SIA', 'zabbix-agent2=1:7.0.4-1+debian12 zabbix-release=1:7.0-2+debian12'],
  ['InfluxData', 'telegraf=1.32.1-1 influxdb2=2.7.10-1 influxdb2-cli=2.7.5-1'],
  ['GitLab Inc.', 'gitlab-runner=17.4.1-1 gitlab-ce=17.4.2-ce.0'],
  ['Jenkins project', 'jenkins=2.462.3'],
  ['NodeSource', 'nodejs-lts=20.18.0-1nodesource1'],
  ['Puppet Inc.', 'puppet-agent=8.9.0-1bookworm puppet8-release=8.0.0-1bookworm'],
  ['Red Hat', 'ansible=7.7.0+dfsg-3+deb12u1 ansible-core=2.14.16-0+deb12u1'],
  ['Veeam Software', 'veeam=6.2.0.101 veeamsnap=6.2.0.101'],
  ['Wazuh, Inc', 'wazuh-agent=4.9.0-1'],
];

const PYTHON_LIBS =
  'requests urllib3 certifi chardet charset-normalizer idna six yaml jinja2 markupsafe cryptography cffi pycparser openssl ' +
  'setuptools pip wheel pkg-resources distro dateutil tz babel attr attrs jsonschema pyrsistent debian debconf netifaces ' +
  'netaddr psutil psycopg2 sqlalchemy alembic mako redis pymysql ldap3 paramiko bcrypt nacl pyasn1 pyasn1-modules rsa ' +
  'oauthlib requests-oauthlib jwt httplib2 pyparsing packaging toml tomli click colorama tabulate prettytable docutils ' +
  'pygments markdown lxml bs4 soupsieve html5lib webencodings simplejson ujson msgpack protobuf grpcio googleapi ' +
  'google-auth boto3 botocore s3transfer jmespath dnspython zmq gevent greenlet eventlet flask werkzeug itsdangerous ' +
  'gunicorn django celery kombu amqp vine billiard numpy scipy pandas matplotlib pil serial usb dbus gi systemd ' +
  'apport problem-report software-properties launchpadlib lazr.restfulclient lazr.uri wadllib keyring secretstorage ' +
  'jeepney blinker configobj incremental twisted zope.interface hamcrest automat constantly hyperlink service-identity ' +
  'pyinotify ntp ply pexpect ptyprocess decorator retry tenacity wrapt deprecated cachetools';
const PERL_LIBS =
  'libtext-iconv libtext-charwidth libtext-wrapi18n liblocale-gettext libterm-readkey libtimedate libfile-fcntllock ' +
  'libdigest-hmac libnet-ssleay libio-socket-ssl libwww liburi libhttp-message libhttp-date libhtml-parser libhtml-tagset ' +
  'libencode-locale liblwp-mediatypes libio-html libnet-http libhttp-cookies libfile-listing libhttp-negotiate ' +
  'libwww-robotrules libnet-dns libnet-ip libdbi libdbd-pg libdbd-mysql libdbd-sqlite3 libjson libjson-xs ' +
  'libcommon-sense libtypes-serialiser libyaml-libyaml libyaml-tiny libclass-accessor libsub-name libparams-util ' +
  'libmodule-runtime libtry-tiny libdevel-globaldestruction libsub-exporter-progressive libdata-dumper-concise ' +
  'libmailtools libemail-valid libnet-smtp-ssl libauthen-sasl libmime-tools libconvert-binhex libfile-which ' +
  'libipc-run3 libcapture-tiny libclone libdatetime libdatetime-locale libdatetime-timezone libnamespace-clean ' +
  'libb-hooks-endofscope libpackage-stash libmoo librole-tiny libstrictures libclass-method-modifiers libxml-parser ' +
  'libxml-libxml libxml-sax libxml-namespacesupport libxml-simple libarchive-zip libfile-slurp libpath-tiny';
const C_LIBS =
  'libacl1 libattr1 libargon2-1 libcryptsetup12 libjson-c5 libkmod2 libcrypt1 libgmp10 libmpfr6 libmpc3 libffi8 ' +
  'libgcrypt20 libgpg-error0 libassuan0 libksba8 libnpth0 libldap-2.5-0 libsasl2-2 libsasl2-modules-db libnghttp2-14 ' +
  'librtmp1 libssh2-1 libpsl5 libbrotli1 libicu72 libnss3 libnspr4 libevent-2.1-7 libuv1 libcbor0.8 libfido2-1 ' +
  'libedit2 libwrap0 libnl-3-200 libnl-genl-3-200 libpcap0.8 libsnmp40 libsensors5 libyaml-0-2 libxxhash0 libgdbm6 ' +
  'libdb5.3 libtirpc3 libnsl2 libnss-nis libnss-nisplus libbsd0 libmd0 libsemanage-common libelf1 libdw1 libbpf1 ' +
  'libfuse2 libfuse3-3 libglib2.0-data libgirepository-1.0-1 libpolkit-gobject-1-0 libpolkit-agent-1-0 polkitd ' +
  'libxtables12 libip4tc2 libip6tc2 libnetfilter-conntrack3 libnfnetlink0 libjansson4 liblmdb0 libmaxminddb0 ' +
  'libgeoip1 libpng16-16 libjpeg62-turbo libfreetype6 libfontconfig1 fontconfig-config fonts-dejavu-core libx11-6 ' +
  'libxau6 libxdmcp6 libxcb1 libx11-data libxext6 libxrender1 libtiff6 libwebp7 libjbig0 libdeflate0 liblerc4 ' +
  'libgd3 libzip4 libsodium23 libargon2-0 libonig5 libmcrypt4 libcurl4-openssl-dev libssl-dev zlib1g-dev ' +
  'libpq-dev libffi-dev libxml2-dev libyaml-dev build-essential gcc-12 g++-12 cpp-12 make binutils ' +
  'binutils-common libbinutils libctf0 libgprofng0 libasan8 libtsan2 libubsan1 liblsan0 libcc1-0 libisl23 ' +
  'linux-libc-dev libc6-dev libcrypt-dev libnsl-dev rpcsvc-proto patch pkgconf pkg-config autoconf automake libtool m4';

function defaultVersion(name: string): string {
  const h = hash(name);
  return `${1 + (h % 9)}.${(h >>> 4) % 20}.${(h >>> 9) % 12}-${1 + ((h >>> 13) % 4)}`;
}

/** Relative weight of a base-system package (the tail's weights are ≤ 1.5). */
const BASE_WEIGHT = 8;

function buildPool(): PoolEntry[] {
  const pool: PoolEntry[] = [];
  const seen = new Set<string>();
  const add = (name: string, vendor: string, version: string, weight: number) => {
    if (seen.has(name)) return;
    seen.add(name);
    pool.push({ name, vendor, version, weight });
  };
  // The groups before the server roles (up to "Debian Bash Completion Maintainers") are the base system.
  const baseGroups = GROUPS.findIndex(([vendor]) => vendor === 'Debian PostgreSQL Maintainers');
  GROUPS.forEach(([vendor, names], g) => {
    for (const item of names.split(' ')) {
      const [name, version] = item.split('=') as [string, string | undefined];
      add(name, vendor, version ?? defaultVersion(name), g < baseGroups ? BASE_WEIGHT : 1);
    }
  });
  for (const lib of PYTHON_LIBS.split(' ')) add(`python3-${lib}`, 'Debian Python Team', defaultVersion(lib), 1.5);
  for (const lib of PERL_LIBS.split(' ')) add(`${lib}-perl`, 'Debian Perl Group', defaultVersion(lib), 1.2);
  for (const lib of C_LIBS.split(' ')) add(lib, 'Debian QA Group', defaultVersion(lib), 1.5);
  // A long tail: popularity decreasing with the position in the pool (outside the base system).
  return pool.map((entry, i) =>
    entry.weight >= BASE_WEIGHT ? entry : { ...entry, weight: entry.weight / (1 + i / 150) },
  );
}

export const POOL: readonly PoolEntry[] = buildPool();

/** Ubuntu's dpkg reports Ubuntu's packaging team for what Debian maintainers package on Debian. */
function vendorFor(host: HostFacts, vendor: string): string {
  if (
    host.os === 'Ubuntu' &&
    /^(Debian|GNU Libc|Matthias Klose|Michael Stone|Santiago Vila|Steve Langasek|APT |Dpkg |GRUB |util-linux|Theodore)/.test(
      vendor,
    )
  ) {
    return 'Ubuntu Developers';
  }
  return vendor;
}

const SUFFIXES = ['-doc', '-dev', '-common', '-data', '-utils', '-dbg', '-tools', '-examples', '-l10n'];

/** Entry `i` of an unbounded list of distinct packages: the pool, then its -doc, -dev, … variants. */
function extendedEntry(i: number): PoolEntry {
  if (i < POOL.length) return POOL[i]!;
  const base = POOL[i % POOL.length]!;
  const suffix = SUFFIXES[Math.floor(i / POOL.length) - 1];
  if (!suffix) throw new Error(`at most ${POOL.length * (SUFFIXES.length + 1)} distinct packages`);
  return { name: `${base.name}${suffix}`, vendor: base.vendor, version: base.version, weight: 1 };
}

export const MAX_DISTINCT_PACKAGES = POOL.length * (SUFFIXES.length + 1);

const byName = (a: SoftwareEntry, b: SoftwareEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * The initial software of a host: `count` distinct packages, the base system first (weighted
 * sampling without replacement, Efraimidis–Spirakis), beyond the pool's size its variants. Sorted
 * by name, as dpkg-query lists them.
 */
function initialSoftware(state: { rng: number }, host: HostFacts, count: number): SoftwareEntry[] {
  let chosen: PoolEntry[];
  if (count >= POOL.length) {
    // Variants may coincide with real package names (zlib1g + -dev): skip those duplicates.
    const names = new Set<string>();
    chosen = [];
    for (let i = 0; chosen.length < count; i++) {
      const entry = extendedEntry(i);
      if (!names.has(entry.name)) {
        names.add(entry.name);
        chosen.push(entry);
      }
    }
  } else {
    chosen = POOL.map((entry) => ({ entry, key: Math.log(nextRandom(state)) / entry.weight }))
      .sort((a, b) => b.key - a.key)
      .slice(0, count)
      .map(({ entry }) => entry);
  }
  return chosen
    .map((entry) => ({ name: entry.name, vendor: vendorFor(host, entry.vendor), version: entry.version }))
    .sort(byName);
}

// ---------------------------------------------------------------------------------------------
// Hosts

const PLATFORMS: [manufacturer: string, models: string[]][] = [
  ['Dell Inc.', ['PowerEdge R650', 'PowerEdge R750', 'PowerEdge R640', 'PowerEdge R6525']],
  ['HPE', ['ProLiant DL360 Gen10 Plus', 'ProLiant DL380 Gen11', 'ProLiant DL325 Gen10 Plus']],
  ['Lenovo', ['ThinkSystem SR630 V2', 'ThinkSystem SR650 V3']],
  ['Supermicro', ['SYS-1029U-TR4', 'AS-1124US-TNRP']],
  ['QEMU', ['Standard PC (Q35 + ICH9, 2009)']],
  ['VMware, Inc.', ['VMware7,1']],
];
const ROLES = ['web', 'app', 'db', 'cache', 'mq', 'log', 'mon', 'ci', 'file', 'dns', 'proxy', 'batch'];
const SITES = ['par1', 'fra2', 'ams1', 'lon3'];

export function hostFacts(index: number, state: { rng: number }, prefix = 'srv'): HostFacts {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(nextRandom(state) * items.length)]!;
  const [manufacturer, models] = pick(PLATFORMS);
  const virtual = manufacturer === 'QEMU' || manufacturer.startsWith('VMware');
  const ubuntu = nextRandom(state) < 0.3;
  const cores = virtual ? pick([2, 4, 8, 16]) : pick([16, 32, 48, 64, 96]);
  const site = pick(SITES);
  const ipv4 = `10.${SITES.indexOf(site) + 10}.${(index >> 8) & 255}.${index & 255 || 1}`;
  return {
    hostname: `${prefix}-${pick(ROLES)}-${String(index + 1).padStart(4, '0')}.${site}.example.internal`,
    kind: 'server',
    os: ubuntu ? 'Ubuntu' : 'Debian GNU/Linux',
    osVersion: ubuntu ? pick(['22.04', '24.04']) : pick(['11', '12']),
    manufacturer,
    model: pick(models),
    serialNumber: virtual
      ? `VM-${(hash(`vm${index}`) >>> 0).toString(16).toUpperCase()}`
      : `SN${(hash(`sn${index}`) % 1e9).toString().padStart(9, '0')}`,
    cpuCores: cores,
    memoryMb: cores * pick([2048, 4096, 8192]),
    storageGb: pick([100, 200, 480, 960, 1920, 3840]),
    ipAddresses: nextRandom(state) < 0.4 ? [ipv4, `fd00:${SITES.indexOf(site) + 10}::${index.toString(16)}`] : [ipv4],
  };
}

/** A new agent's state: its host and the software of its first report (not yet sent). */
export function newAgentState(
  index: number,
  id: string,
  token: string,
  softwareCount: number,
  seed: number,
  prefix = 'srv',
): AgentState {
  const state = { rng: (seed * 0x9e3779b1 + index * 0x85ebca6b) | 0 };
  const host = hostFacts(index, state, prefix);
  return {
    index,
    id,
    token,
    host,
    software: initialSoftware(state, host, softwareCount),
    removed: [],
    rng: state.rng,
    reports: 0,
  };
}

function bumpVersion(version: string): string {
  const match = /^(.*?)(\d+)(\D*)$/.exec(version);
  return match ? `${match[1]}${Number(match[2]) + 1}${match[3]}` : `${version}.1`;
}

export interface MutationCounts {
  versionChanges: number;
  removed: number;
  added: number;
  revived: number;
}

/**
 * Moves an agent to its next steady-state report: ~2 % version changes, ~1 % removals, ~1 %
 * additions (half of them re-installing something removed earlier). Mutates `state`.
 */
export function advance(state: AgentState): MutationCounts {
  const counts: MutationCounts = { versionChanges: 0, removed: 0, added: 0, revived: 0 };
  const installed = new Set(state.software.map((entry) => entry.name));
  const kept: SoftwareEntry[] = [];
  let additions = 0;
  for (const entry of state.software) {
    if (nextRandom(state) < ADD_RATE) additions++;
    if (nextRandom(state) < REMOVE_RATE) {
      state.removed.push(entry);
      installed.delete(entry.name);
      counts.removed++;
      continue;
    }
    if (nextRandom(state) < VERSION_CHANGE_RATE) {
      kept.push({ ...entry, version: bumpVersion(entry.version) });
      counts.versionChanges++;
    } else kept.push(entry);
  }
  const poolSize = Math.min(MAX_DISTINCT_PACKAGES, Math.max(POOL.length, state.software.length * 2));
  for (let a = 0; a < additions; a++) {
    const revive = state.removed.length > 0 && nextRandom(state) < 0.5;
    if (revive) {
      const at = Math.floor(nextRandom(state) * state.removed.length);
      const [entry] = state.removed.splice(at, 1);
      if (entry && !installed.has(entry.name)) {
        kept.push(entry);
        installed.add(entry.name);
        counts.revived++;
        continue;
      }
    }
    for (let attempt = 0; attempt < 20; attempt++) {
      const candidate = extendedEntry(Math.floor(nextRandom(state) * poolSize));
      if (installed.has(candidate.name)) continue;
      kept.push({ name: candidate.name, vendor: vendorFor(state.host, candidate.vendor), version: candidate.version });
      installed.add(candidate.name);
      counts.added++;
      break;
    }
  }
  state.software = kept.sort(byName);
  return counts;
}

/** A distribution upgrade: a share of the packages get a new version at once, nothing added or removed. */
export function upgrade(state: AgentState, share: number): number {
  let changed = 0;
  state.software = state.software.map((entry) => {
    if (nextRandom(state) >= share) return entry;
    changed++;
    return { ...entry, version: bumpVersion(entry.version) };
  });
  return changed;
}

export const AGENT_VERSION = '0.1.0';

/** The JSON body of the agent's current report; counts it as built. */
export function reportBody(state: AgentState): string {
  state.reports++;
  return JSON.stringify({ agentVersion: AGENT_VERSION, host: state.host, software: state.software });
}

/** The install-count key Estate uses (report.service.ts keyOf). */
export const installKey = (name: string, vendor: string) =>
  `${name.trim().toLowerCase()}\u0000${vendor.trim().toLowerCase()}`;
