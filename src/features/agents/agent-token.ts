import { randomBytes } from 'node:crypto';
import { hashSecret } from '../accounts/keys/key-secret.js';

/**
 * Agent tokens are their own kind of credential: a distinct prefix (never svc_, so the public
 * API refuses them) and their own table (so API keys fail on the agent API).
 */
export const AGENT_TOKEN_PREFIX = 'agt_live_';

export function generateAgentToken(): { token: string; hash: string; prefix: string } {
  const token = AGENT_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: hashSecret(token), prefix: token.slice(0, AGENT_TOKEN_PREFIX.length + 4) };
}
