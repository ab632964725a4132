/**
 * Who acts: the one notion that authentication, the services and the audit log share. It lives
 * here, below them all, so that the shared HTTP base (http/authenticate.ts) needs no domain module.
 */
export const ACTOR_TYPES = ['api_key', 'member', 'agent', 'system'] as const;

export type ActorType = (typeof ACTOR_TYPES)[number];

/** Who made a change: an API key, a member (console/CLI `--as`), an agent, or the system itself. */
export interface Actor {
  type: ActorType;
  id: string | null;
  name: string;
}
