/**
 * Test harness: every suite runs once per configured database — SQLite always, PostgreSQL when
 * TEST_DATABASE_URL names a server (a maintenance database URL; each suite creates and drops its
 * own database there). Each test makes its own workspace, so tests never see each other's data.
 */
import type { DependentsLoader, Registry } from '../../src/base/resources/registry.js';
import { createRegistry } from '../../src/families/registry.js';
import { after, before, describe } from 'node:test';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { randomInt } from 'node:crypto';
import { CLI_ACTOR } from '../../src/base/audit/audit.types.js';
import { openDatabase, type Database } from '../../src/base/db/database.js';
import { migrateToLatest } from '../../src/base/db/migrate.js';
import { buildApp, type App, type AppOptions } from '../../src/surfaces/server/app.js';
import { createKey, type CreatedKey } from '../../src/features/accounts/keys/keys.service.js';
import { addMember, type MemberDto } from '../../src/features/accounts/members/members.service.js';
import { createWorkspace, type WorkspaceDto } from '../../src/features/accounts/workspaces/workspaces.service.js';
import {
  createThrowawayDatabase,
  prepareSeeded,
  type Seeded,
  seededValue,
  type ThrowawayDatabase,
} from './databases.js';

export type DialectName = 'sqlite' | 'postgres';

export type TestDatabase = ThrowawayDatabase;

/** A fresh, empty database of the given dialect, and how to drop it. */
export function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  return createThrowawayDatabase(dialect, {
    prefix: `estate_test_${process.pid}`,
    adminUrl: process.env.TEST_DATABASE_URL,
  });
}

/**
 * A database whose first workspace holds `estate seed`'s data at `size` servers from `seed`, with
 * an admin member: a copy of a template made once per run (test/support/databases.ts).
 */
function createSeededTestDatabase(dialect: DialectName, seed: SeedOf): Promise<TestDatabase> {
  return createThrowawayDatabase(dialect, {
    prefix: `estate_test_${process.pid}`,
    adminUrl: process.env.TEST_DATABASE_URL,
    seeded: seededTemplate(seed),
  });
}

/** A seeded workspace: its number of servers and the seed of its random choices. */
export interface SeedOf {
  size: number;
  seed: number;
}

/** Makes the template that suites with `seeded: seed` copy, when this run has none yet. */
export function prepareSeededTemplate(dialect: DialectName, seed: SeedOf): Promise<void> {
  return prepareSeeded(dialect, seededTemplate(seed), process.env.TEST_DATABASE_URL);
}

function seededTemplate({ size, seed }: SeedOf): Seeded {
  return {
    size,
    seed,
    async make(database) {
      const workspace = await newWorkspace(database, createRegistry(), 'Seeded workspace');
      const { seedWorkspace } = await import('../../src/features/seed/seed.js');
      await seedWorkspace(database, { workspaceId: workspace.id, size, seed });
      return workspace;
    },
  };
}

/** The service's own families' dependents, for a member added outside a suite's app. */
export const serviceFamilies: DependentsLoader = async () => createRegistry();

/** A new workspace with one admin member. */
async function newWorkspace(database: Database, registry: Registry, name: string): Promise<Workspace> {
  const workspace = await createWorkspace(database, registry.scopes, { name }, CLI_ACTOR);
  // Digits only: no list search of the tests ('db', 'prod', …) matches a part of the address by chance.
  const email = `admin-${randomInt(2 ** 47)}@example.test`;
  const admin = await addMember(
    database,
    async () => registry,
    { workspaceId: workspace.id, email, name: 'Ada Admin', role: 'admin' },
    CLI_ACTOR,
  );
  return { ...workspace, admin };
}

/** A fresh database of the given dialect with every migration applied (a copy of a migrated template). */
export function createMigratedTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  return createThrowawayDatabase(dialect, {
    prefix: `estate_test_${process.pid}`,
    adminUrl: process.env.TEST_DATABASE_URL,
    migrated: true,
  });
}

/**
 * The databases this run covers: `TEST_DATABASES` (`sqlite`, `postgres` or both, comma-separated;
 * scripts/test.mjs runs each in its own processes), else SQLite, and PostgreSQL when
 * TEST_DATABASE_URL names a server.
 */
export const DIALECTS: DialectName[] = coveredDatabases(process.env.TEST_DATABASES, process.env.TEST_DATABASE_URL);

/**
 * Whether this run also runs the tests that are not per database: the run that covers SQLite
 * does, so that a run split by database runs them once.
 */
export const SHARED = DIALECTS.includes('sqlite');

/** The options of a test or suite that is not per database: it runs once, in the run that covers SQLite. */
export const ONCE = { skip: SHARED ? false : 'not per database: runs with SQLite' };

function coveredDatabases(named: string | undefined, postgresUrl: string | undefined): DialectName[] {
  if (!named) return postgresUrl ? ['sqlite', 'postgres'] : ['sqlite'];
  const names = named.split(',').map((name) => name.trim());
  for (const name of names)
    if (name !== 'sqlite' && name !== 'postgres') throw new Error(`TEST_DATABASES: no database ${name}`);
  if (names.includes('postgres') && !postgresUrl)
    throw new Error('TEST_DATABASES names postgres: set TEST_DATABASE_URL');
  return (['sqlite', 'postgres'] as const).filter((name) => names.includes(name));
}

export interface CallOptions {
  key?: string;
  body?: unknown;
  headers?: Record<string, string>;
  query?: Record<string, string | string[]>;
}

export interface Workspace extends WorkspaceDto {
  admin: MemberDto;
}

export interface Harness {
  dialect: DialectName;
  url: string;
  database: Database;
  /** The families, scopes and audit resource types of the suite's app. */
  registry: Registry;
  app: App;
  /** A new workspace with one admin member. */
  workspace(name?: string): Promise<Workspace>;
  /** With the suite's `seeded` option: the workspace the database starts with, seeded (shared by its tests). */
  seeded: Workspace;
  /** A key in the workspace, by alias or scopes (default alias admin); returns the created key with its secret. */
  key(
    workspace: Workspace,
    options?: { alias?: string; scopes?: string[]; expiresAt?: string; name?: string },
  ): Promise<CreatedKey>;
  call(method: InjectOptions['method'], url: string, options?: CallOptions): Promise<LightMyRequestResponse>;
  /** Runs `close` after the suite's tests, before its app stops (clients such as a browser leave first). */
  beforeShutdown(close: () => Promise<void>): void;
}

/**
 * Declares one `describe` block per configured database, each with its own migrated database and
 * app. The `harness` object is filled in `before`; tests use it inside `it` callbacks. With
 * `seeded`, the database starts with a seeded workspace (`h.seeded`), copied from a template that
 * the run makes once for every suite that asks for the same size and seed.
 */
export function describeEachDatabase(
  title: string,
  body: (h: Harness) => void,
  appOptions: Partial<AppOptions> = {},
  options: { seeded?: SeedOf } = {},
): void {
  for (const dialect of DIALECTS) {
    describe(`${title} [${dialect}]`, () => {
      const h = { dialect } as Harness;
      let testDatabase: TestDatabase;
      const shutdown: (() => Promise<void>)[] = [];
      h.beforeShutdown = (close) => void shutdown.push(close);
      before(async () => {
        testDatabase = options.seeded
          ? await createSeededTestDatabase(dialect, options.seeded)
          : await createMigratedTestDatabase(dialect);
        h.url = testDatabase.url;
        h.database = openDatabase(testDatabase.url);
        await migrateToLatest(h.database);
        h.registry = appOptions.registry ?? createRegistry();
        h.app = await buildApp({ database: h.database, ...appOptions, registry: h.registry });
        h.workspace = (name = 'Test workspace') => newWorkspace(h.database, h.registry, name);
        if (options.seeded) h.seeded = seededValue(dialect, seededTemplate(options.seeded)) as Workspace;
        h.key = (workspace, options = {}) =>
          createKey(h.database, {
            workspaceId: workspace.id,
            name: options.name ?? 'test key',
            alias: options.scopes ? undefined : (options.alias ?? 'admin'),
            scopes: options.scopes,
            expiresAt: options.expiresAt,
          });
        h.call = (method, url, options = {}) =>
          h.app.inject({
            method,
            url,
            query: options.query,
            headers: { ...(options.key ? { authorization: `Bearer ${options.key}` } : {}), ...options.headers },
            ...(options.body === undefined ? {} : { payload: options.body as InjectOptions['payload'] }),
          });
      });
      after(async () => {
        // A client still connected (a browser's keep-alive socket) would hold app.close() for the
        // server's keep-alive timeout.
        for (const close of shutdown) await close();
        await h.app?.close();
        await h.database?.close();
        await testDatabase?.drop();
      });
      body(h);
    });
  }
}
