/**
 * What one composition of the service is made of: its inventory families with their services,
 * the release and move of what refers to a row, its scopes and its audit resource types. Built
 * once where the service is put together (the app, a CLI command, a test) from the list of
 * families (`src/families/registry.ts`), and handed down: nothing is registered in a module.
 */
import type { ScopeCatalog } from '../access/scopes.js';
import type { FamilyService, Release } from './crud.js';
import type { Move } from './dependents.js';
import type { Family, FamilyTable } from './family.js';
import type { TObject } from 'typebox';

export interface Registry {
  /** The inventory families, in order. */
  readonly families: readonly Family[];
  /** A family by its table, or undefined. */
  byTable(table: string): Family | undefined;
  /** A family by its key, its path without the slash (`servers`, `data`), or undefined. */
  byKey(key: string): Family | undefined;
  /** The service of a family of this registry. */
  serviceOf<T extends FamilyTable, Item extends TObject>(family: Family<T, Item>): FamilyService<T, Item>;
  /** Releases what refers to a row being deleted, in every family: run inside the delete's transaction. */
  readonly release: Release;
  /** Moves what refers to one row to another, in every family (a person who becomes a member). */
  readonly move: Move;
  readonly scopes: ScopeCatalog;
  /** Every resource type the audit log holds: the published ones, then the families'. */
  readonly auditResourceTypes: readonly string[];
}

declare module '../http/types.js' {
  interface AppDeps {
    /** The families, scopes and audit resource types the app serves. */
    registry: Registry;
  }
}

/** What refers to a row, in every family of a composition: its release and its move. */
export type Dependents = Pick<Registry, 'release' | 'move'>;

/**
 * The dependents of the caller's composition, loaded on first use: the app hands over its
 * registry's, a CLI command loads the families only when a membership needs them.
 */
export type DependentsLoader = () => Promise<Dependents>;
