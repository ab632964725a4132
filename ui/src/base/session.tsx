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
export function useAbilities() {
  const { session } = useSession();
  const workspace = session.workspace;
  const scopes = new Set(workspace?.permissions ?? []);
  return {
    can: (scope: string) => scopes.has(scope),
    isAdmin: workspace?.role === 'admin',
    permissions: workspace?.permissions ?? [],
  };
}
