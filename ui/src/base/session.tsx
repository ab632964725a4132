import { createContext, useContext } from 'react';
import type { SessionView } from '../api/console-api.js';

export interface SessionState {
  session: SessionView;
  /** Replace the session after a change (workspace switch). */
  setSession(session: SessionView): void;
}

export const SessionContext = createContext<SessionState | undefined>(undefined);

export function useSession(): SessionState {
  const state = useContext(SessionContext);
  if (!state) throw new Error('useSession outside a signed-in page');
  return state;
}

/**
 * What the signed-in member may do in the selected workspace: their role's scopes, and the
 * admin-only pages (keys, agents, roles). The UI hides what they lack; the API refuses it too.
 */
/**
 * What no restriction describes, and so the server refuses a restricted member (403): the agents
 * and what they found. The console does not offer them.
 */
const CLOSED_WHEN_RESTRICTED = /^agents:/;

export function useAbilities() {
  const { session } = useSession();
  const workspace = session.workspace;
  const scopes = new Set(workspace?.permissions ?? []);
  /** The member's role has restrictions: it reaches only some items of some families. */
  const restricted = Object.keys(workspace?.restrictions ?? {}).length > 0;
  return {
    can: (scope: string) => scopes.has(scope) && !(restricted && CLOSED_WHEN_RESTRICTED.test(scope)),
    isAdmin: workspace?.role === 'admin',
    restricted,
    permissions: workspace?.permissions ?? [],
  };
}
