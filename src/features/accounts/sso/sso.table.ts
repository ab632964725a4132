/**
 * The rows of single sign-on: each workspace's rules and setting,
 * the memberships the rules manage, and the sign-ins under way.
 */

/** A workspace's rule: people whose `group_value` is among the provider's groups claim get `role`. */
export interface SsoRulesTable {
  workspace_id: string;
  id: string;
  provider: string;
  group_value: string;
  role: string;
  created_at: string;
}

/** A workspace's single sign-on setting (no row: nothing required, people who match are added). */
export interface SsoSettingsTable {
  workspace_id: string;
  /** 1: members cannot open a console session in this workspace with a password. */
  require_sso: number;
  /** The admin member who keeps a password sign-in while single sign-on is required, or null. */
  break_glass_member_id: string | null;
  /** 1: a person whose groups match is added on their first sign-in. */
  add_new_people: number;
}

/**
 * A membership the rules granted at the person's last sign-in through `provider`; `created` is 1
 * when the rules made it (then no grant removes it, as a leaver).
 */
export interface SsoMembershipsTable {
  workspace_id: string;
  member_id: string;
  provider: string;
  created: number;
  synced_at: string;
}

/**
 * A sign-in under way, between /start and /callback: `id` is the SHA-256 of its `state`;
 * `browser_hash` the SHA-256 of the cookie that binds it to the browser that started it.
 */
export interface SsoFlowsTable {
  id: string;
  provider: string;
  browser_hash: string;
  nonce: string;
  code_verifier: string;
  redirect_uri: string;
  expires_at: string;
}

export type SsoTables = {
  sso_rules: SsoRulesTable;
  sso_settings: SsoSettingsTable;
  sso_memberships: SsoMembershipsTable;
  sso_flows: SsoFlowsTable;
  /** The provider a console session was opened through (null: a password). */
  console_sessions: { sso_provider: string | null };
};
