import { Link } from 'wouter';
import { PageHeader } from '../base/layout.js';
import { useAbilities, useSession } from '../base/session.js';

/** The first-start banner of the demo workspace: where the API docs are and how to get a key. */
function GettingStarted() {
  const { isAdmin } = useAbilities();
  return (
    <section className="banner" aria-labelledby="getting-started">
      <h2 id="getting-started">Getting started</h2>
      <ol>
        <li>
          The public API is documented at <a href="/docs">/docs</a> (OpenAPI at <a href="/openapi.json">/openapi.json</a>).
        </li>
        <li>{isAdmin ? <><Link href="/keys">Create your first key</Link>: pick a name and an alias, then copy the secret and the ready curl line.</> : <>Ask an admin of this workspace for an API key.</>}</li>
        <li>
          Call the API with it: <code>curl -H "Authorization: Bearer &lt;secret&gt;" {window.location.origin}/public/v1/me</code>
        </li>
      </ol>
    </section>
  );
}

/** /ui/: the workspace at a glance. Part 2 adds counts, problems and recent changes. */
export function HomePage() {
  const { session } = useSession();
  const workspace = session.workspace;
  return (
    <>
      <PageHeader title={workspace ? workspace.name : 'No workspace'} />
      {workspace ? (
        <p>
          You are signed in as {session.user.name} with the <strong>{workspace.role}</strong> role.
        </p>
      ) : (
        <p>You are not a member of any workspace yet. Ask an admin to add you.</p>
      )}
      {workspace?.demo && <GettingStarted />}
    </>
  );
}
