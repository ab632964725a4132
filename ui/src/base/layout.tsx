import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { consoleApi, type InsightSummary } from '../api/console-api.js';
import { queries } from '../api/queries.js';
import { useCatalog } from '../inventory/catalog.js';
import { useAbilities, useSession } from './session.js';

interface NavItem {
  href: string;
  label: string;
  visible: boolean;
}

/**
 * The frame of every signed-in page: the header (workspace switcher, account, Sign out) and the
 * navigation, which lists only what the member's role lets them open.
 */
export function Layout({ children }: { children: ReactNode }) {
  const { session, setSession } = useSession();
  const { can, isAdmin, restricted } = useAbilities();
  const [location, navigate] = useLocation();
  const catalog = useCatalog();
  const dashboards = useQuery(queries.dashboards()).data ?? [];
  const diagrams = useQuery(queries.diagrams()).data ?? [];
  const insight = (one: InsightSummary, href: string, label: string): NavItem => ({
    href,
    label,
    visible: can(one.requiredScope),
  });
  const insights: NavItem[] = [
    ...dashboards.map((one) => insight(one, `/dashboards/${one.name}`, `${one.title} dashboard`)),
    ...diagrams.map((one) => insight(one, `/diagrams/${one.name}`, one.title)),
  ];
  const inventory: NavItem[] = catalog
    .filter((family) => family.key !== 'agents')
    .map((family) => ({
      href: `/${family.key}`,
      label: family.many.charAt(0).toUpperCase() + family.many.slice(1),
      visible: can(family.scopes.read),
    }));
  const administration: NavItem[] = [
    { href: '/keys', label: 'Keys', visible: isAdmin },
    { href: '/members', label: 'Members', visible: can('members:read') },
    { href: '/people', label: 'People', visible: can('users:read') },
    { href: '/roles', label: 'Roles', visible: Boolean(session.workspace) },
    { href: '/agents', label: 'Agents', visible: can('agents:read') },
    { href: '/audit', label: 'Audit log', visible: can('audit_log:read') },
    { href: '/settings', label: 'Settings', visible: can('tenant:read') },
    { href: '/settings/fields', label: 'Custom fields', visible: can('tenant:read') },
    { href: '/settings/archive', label: 'Move a workspace', visible: isAdmin },
  ];

  // The navigation behind the Menu button on a narrow screen: open until the next page is chosen.
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuLocation, setMenuLocation] = useState(location);
  if (location !== menuLocation) {
    setMenuLocation(location);
    setMenuOpen(false);
  }

  const switchWorkspace = async (workspaceId: string) => {
    setSession(await consoleApi.selectWorkspace(workspaceId));
    navigate('/');
  };
  const signOut = async () => {
    await consoleApi.signOut().catch(() => undefined);
    window.location.assign('/ui/login');
  };

  return (
    <div className="shell">
      {/* The first stop of the Tab key: past the header and the navigation, to the page itself. */}
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="topbar">
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="console-nav"
          onClick={() => setMenuOpen(!menuOpen)}
        >
          Menu
        </button>
        <Link href="/" className="brand">
          Estate
        </Link>
        <div className="workspace-switcher">
          <label htmlFor="workspace-switcher">Workspace</label>
          <select
            id="workspace-switcher"
            value={session.workspace?.id ?? ''}
            onChange={(event) => void switchWorkspace(event.target.value)}
          >
            {!session.workspace && <option value="">Choose…</option>}
            {session.workspaces.map((workspace) => (
              <option key={workspace.id} value={workspace.id}>
                {workspace.name} ({workspace.role})
              </option>
            ))}
          </select>
        </div>
        <GlobalSearch />
        <div className="account">
          <Link href="/account">{session.user.name}</Link>
          <button type="button" onClick={() => void signOut()}>
            Sign out
          </button>
        </div>
      </header>
      <nav id="console-nav" className={menuOpen ? 'sidebar open' : 'sidebar'} aria-label="Console">
        {inventory.some((item) => item.visible) && (
          <>
            <h2>Inventory</h2>
            <NavList
              items={[
                ...inventory,
                { href: '/discovered', label: 'Discovered software', visible: can('applications:read') && !restricted },
              ]}
              location={location}
            />
          </>
        )}
        {insights.some((item) => item.visible) && (
          <>
            <h2>Insights</h2>
            <NavList items={insights} location={location} />
          </>
        )}
        <h2>Administration</h2>
        <NavList items={administration} location={location} />
        <h2>Developers</h2>
        <ul>
          <li>
            <a href="/docs">API documentation</a>
          </li>
        </ul>
      </nav>
      {/* Focusable by the skip link (#main), not by Tab. */}
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}

/**
 * The header's search: one query across the estate (/ui/search). The / key focuses it from
 * anywhere but a text field.
 */
function GlobalSearch() {
  const [, navigate] = useLocation();
  const [text, setText] = useState('');
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement;
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return;
      event.preventDefault();
      box.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return (
    <search className="global-search">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) navigate(`/search?q=${encodeURIComponent(text.trim())}`);
        }}
      >
        {/* Named "Find…", not "Search…": the Search field of a list page keeps its label to itself. */}
        <label htmlFor="global-search" className="visually-hidden">
          Find in the estate
        </label>
        <input
          ref={box}
          id="global-search"
          type="search"
          placeholder="Find anything ( / )"
          maxLength={200}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </form>
    </search>
  );
}

function NavList({ items, location }: { items: NavItem[]; location: string }) {
  return (
    <ul>
      {items
        .filter((item) => item.visible)
        .map((item) => (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={location === item.href || location.startsWith(`${item.href}/`) ? 'page' : undefined}
            >
              {item.label}
            </Link>
          </li>
        ))}
    </ul>
  );
}

/** A page's title and, beside it, its main action. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="page-header">
      <h1>{title}</h1>
      {children && <div className="actions">{children}</div>}
    </div>
  );
}
