import { useEffect, useRef, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { AgentsPage } from './agents/agents-page.js';
import { setCsrfToken, whenSignedOut } from './api/client.js';
import { consoleApi, inventoryApi, type SessionView } from './api/console-api.js';
import { AccountPage } from './auth/account-page.js';
import { InvitePage } from './auth/invite-page.js';
import { LoginPage } from './auth/login-page.js';
import { AuditPage } from './audit/audit-page.js';
import { HomePage } from './home/home-page.js';
import { CatalogContext } from './inventory/catalog.js';
import { TriagePage } from './discovered/triage-page.js';
import { DashboardPage } from './dashboards/dashboard-page.js';
import { DiagramPage } from './diagrams/diagram-page.js';
import { SearchPage } from './search/search-page.js';
import { DetailPage } from './inventory/detail-page.js';
import { ListPage } from './inventory/list-page.js';
import { ResourceFormPage } from './inventory/resource-form.js';
import type { ConsoleFamily } from './inventory/schema.js';
import { KeysPage } from './keys/keys-page.js';
import { Layout } from './base/layout.js';
import { SessionContext } from './base/session.js';
import { MembersPage } from './members/members-page.js';
import { RolesPage } from './roles/roles-page.js';
import { SettingsPage } from './settings/settings-page.js';

type Loaded = { state: 'loading' } | { state: 'signed-out' } | { state: 'signed-in'; session: SessionView };

const SIGNED_OUT_PAGES = ['/ui/login', '/ui/invite'];

/** The console: signed-out pages (sign-in, invitation), else the signed-in pages in the frame. */
export function App() {
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [catalog, setCatalog] = useState<ConsoleFamily[]>([]);
  const catalogAsked = useRef<Promise<void> | undefined>(undefined);
  const signedIn = (session: SessionView) => {
    setCsrfToken(session.csrfToken);
    setLoaded({ state: 'signed-in', session });
  };

  useEffect(() => {
    whenSignedOut(() => setLoaded({ state: 'signed-out' }));
    if (SIGNED_OUT_PAGES.includes(window.location.pathname)) {
      setLoaded({ state: 'signed-out' });
      return;
    }
    // The catalog is asked for beside the session, not after it: one round trip less before a
    // list page can draw (a signed-out answer is ignored; sign-in asks again).
    catalogAsked.current = inventoryApi.families().then(setCatalog, () => {
      catalogAsked.current = undefined;
    });
    consoleApi.session().then(signedIn, () => setLoaded({ state: 'signed-out' }));
  }, []);

  const signedInNow = loaded.state === 'signed-in';
  useEffect(() => {
    if (signedInNow && !catalogAsked.current)
      catalogAsked.current = inventoryApi.families().then(setCatalog, () => setCatalog([]));
    // Asked once per sign-in; the catalog does not change while the process runs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signedInNow]);

  if (loaded.state === 'loading') return <p className="loading">Loading…</p>;

  if (loaded.state === 'signed-out') {
    const next = (session: SessionView) => {
      signedIn(session);
      window.history.replaceState(null, '', '/ui/');
    };
    return (
      <Router base="/ui">
        <Switch>
          <Route path="/invite">
            <InvitePage onSignedIn={next} />
          </Route>
          <Route path="/login">
            <LoginPage onSignedIn={next} />
          </Route>
          <Route>
            <Redirect to="/login" replace />
          </Route>
        </Switch>
      </Router>
    );
  }

  return (
    <SessionContext.Provider value={{ session: loaded.session, setSession: signedIn }}>
      <CatalogContext.Provider value={catalog}>
        <Router base="/ui">
          <Layout>
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/keys" component={KeysPage} />
              <Route path="/members" component={MembersPage} />
              <Route path="/roles" component={RolesPage} />
              <Route path="/agents" component={AgentsPage} />
              <Route path="/audit" component={AuditPage} />
              <Route path="/settings" component={SettingsPage} />
              <Route path="/account" component={AccountPage} />
              <Route path="/discovered" component={TriagePage} />
              <Route path="/search" component={SearchPage} />
              <Route path="/dashboards/:name">{(params) => <DashboardPage name={params.name} />}</Route>
              <Route path="/diagrams/:name">{(params) => <DiagramPage name={params.name} />}</Route>
              <Route path="/login">
                <Redirect to="/" replace />
              </Route>
              <Route path="/:family/new">{(params) => <ResourceFormPage familyKey={params.family} />}</Route>
              <Route path="/:family/:id/edit">
                {(params) => <ResourceFormPage familyKey={params.family} id={params.id} />}
              </Route>
              <Route path="/:family/:id">{(params) => <DetailPage familyKey={params.family} id={params.id} />}</Route>
              <Route path="/:family">
                {(params) =>
                  catalog.length === 0 ? <p className="loading">Loading…</p> : <ListPage familyKey={params.family} />
                }
              </Route>
              <Route>
                <h1>Not found</h1>
                <p>There is no console page here.</p>
              </Route>
            </Switch>
          </Layout>
        </Router>
      </CatalogContext.Provider>
    </SessionContext.Provider>
  );
}
