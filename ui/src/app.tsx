import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { AgentsPage } from './agents/agents-page.js';
import { setCsrfToken, whenSignedOut } from './api/client.js';
import type { SessionView } from './api/console-api.js';
import { queries, sessionQuery } from './api/queries.js';
import { AccountPage } from './auth/account-page.js';
import { InvitePage } from './auth/invite-page.js';
import { LoginPage } from './auth/login-page.js';
import { AuditPage } from './audit/audit-page.js';
import { HomePage } from './home/home-page.js';
import { TriagePage } from './discovered/triage-page.js';
import { DashboardPage } from './dashboards/dashboard-page.js';
import { DiagramPage } from './diagrams/diagram-page.js';
import { SearchPage } from './search/search-page.js';
import { DetailPage } from './inventory/detail-page.js';
import { ListPage } from './inventory/list-page.js';
import { ImportPage } from './transfer/import-page.js';
import { ResourceFormPage } from './inventory/resource-form.js';
import { KeysPage } from './keys/keys-page.js';
import { Layout } from './base/layout.js';
import { SessionContext } from './base/session.js';
import { MembersPage } from './members/members-page.js';
import { RolesPage } from './roles/roles-page.js';
import { SettingsPage } from './settings/settings-page.js';
import { ArchivePage } from './settings/archive-page.js';
import { PeoplePage } from './members/people-page.js';
import { FieldsPage } from './settings/fields-page.js';

const SIGNED_OUT_PAGES = ['/ui/login', '/ui/invite'];

/** Queries that hold for every workspace: the session itself and the catalog of families. */
const ACROSS_WORKSPACES = new Set(['session', 'families']);

/** The console: signed-out pages (sign-in, invitation), else the signed-in pages in the frame. */
export function App() {
  const client = useQueryClient();
  const [signedOut, setSignedOut] = useState(() => SIGNED_OUT_PAGES.includes(window.location.pathname));
  // Not a load: any call that finds the session over (401) brings the sign-in page.
  useEffect(() => whenSignedOut(() => setSignedOut(true)), []);
  const session = useQuery({ ...sessionQuery, enabled: !signedOut });
  // The catalog is asked for beside the session, not after it: one round trip less before a
  // list page can draw (after a signed-out answer, the signed-in pages ask again).
  const catalog = useQuery({ ...queries.families(), enabled: !signedOut }).data ?? [];

  const setSession = (next: SessionView) => {
    setCsrfToken(next.csrfToken);
    client.setQueryData(sessionQuery.queryKey, next);
  };
  /** Another workspace: its data replaces what the pages showed of the last one. */
  const switched = (next: SessionView) => {
    setSession(next);
    void client.resetQueries({ predicate: (query) => !ACROSS_WORKSPACES.has(String(query.queryKey[0])) });
  };

  if (!signedOut && session.isPending) return <p className="loading">Loading…</p>;

  if (signedOut || !session.data) {
    const next = (signedIn: SessionView) => {
      // Nothing read for an earlier session is shown to this one.
      client.removeQueries();
      setSession(signedIn);
      setSignedOut(false);
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
    <SessionContext.Provider value={{ session: session.data, setSession: switched }}>
      <Router base="/ui">
        <Layout>
          <Switch>
            <Route path="/" component={HomePage} />
            <Route path="/keys" component={KeysPage} />
            <Route path="/members" component={MembersPage} />
            <Route path="/people" component={PeoplePage} />
            <Route path="/roles" component={RolesPage} />
            <Route path="/agents" component={AgentsPage} />
            <Route path="/audit" component={AuditPage} />
            <Route path="/settings" component={SettingsPage} />
            <Route path="/settings/fields" component={FieldsPage} />
            <Route path="/settings/archive" component={ArchivePage} />
            <Route path="/account" component={AccountPage} />
            <Route path="/discovered" component={TriagePage} />
            <Route path="/search" component={SearchPage} />
            <Route path="/dashboards/:name">{(params) => <DashboardPage name={params.name} />}</Route>
            <Route path="/diagrams/:name">{(params) => <DiagramPage name={params.name} />}</Route>
            <Route path="/login">
              <Redirect to="/" replace />
            </Route>
            <Route path="/:family/import">{(params) => <ImportPage familyKey={params.family} />}</Route>
            <Route path="/:family/new">{(params) => <ResourceFormPage familyKey={params.family} />}</Route>
            <Route path="/:family/:id/edit">
              {(params) => <ResourceFormPage familyKey={params.family} id={params.id} />}
            </Route>
            <Route path="/:family/:id">
              {(params) => (
                <DetailPage key={`${params.family}/${params.id}`} familyKey={params.family} id={params.id} />
              )}
            </Route>
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
    </SessionContext.Provider>
  );
}
