import { chmodSync, lstatSync, mkdirSync, statSync, type Stats } from 'node:fs';
import { resolve } from 'node:path';

const PRIVATE = 0o700;
const STICKY = 0o1000;

const octal = (mode: number) => `0${(mode & 0o7777).toString(8)}`;

/**
 * Makes sure the directory of the SQLite file is private, or says why it is not. The database
 * holds every workspace and the password hashes; its files are 0600, but a directory others can
 * read shows their names and one others can write lets them replace the database.
 *
 * - Missing: created 0700.
 * - Estate's own (`ours`: the default `./data`, not a symbolic link), owned by this user and not
 *   sticky: tightened to 0700, with a notice. Owned by someone else or sticky: refused.
 * - Any other directory (one the operator chose through DATABASE_URL, perhaps shared, such as
 *   /tmp) is never changed: writable by group or others without the sticky bit is refused,
 *   readable by them gets a notice.
 *
 * Refusals throw an Error whose message says what to do (the CLI prints it without a stack trace).
 * The reasoning: docs/notes/data-directory.md.
 */
export function secureDatabaseDirectory(
  directory: string,
  options: { ours: boolean; notice?: (message: string) => void },
): void {
  const path = resolve(directory);
  let stats: Stats;
  try {
    stats = lstatSync(path);
  } catch {
    mkdirSync(path, { recursive: true, mode: PRIVATE });
    return;
  }
  // A link is followed, and its target is a directory the operator chose.
  const linked = stats.isSymbolicLink();
  if (linked) stats = statSync(path);
  if ((stats.mode & 0o077) === 0) return;

  const mode = octal(stats.mode);
  const owned = process.getuid ? stats.uid === process.getuid() : true;
  const sticky = (stats.mode & STICKY) !== 0;
  if (options.ours && !linked) {
    if (owned && !sticky) {
      chmodSync(path, PRIVATE);
      options.notice?.(
        `the data directory ${path} was open to group or others (mode ${mode}); Estate made it private (0700)`,
      );
      return;
    }
    throw new Error(
      `the data directory ${path} is open to group or others (mode ${mode}) and Estate cannot make it private ` +
        `(${owned ? 'it has the sticky bit' : `it belongs to user ${stats.uid}`}): ` +
        `run "chmod 700 ${path}" as its owner, or set DATABASE_URL to a file in a private directory`,
    );
  }
  if ((stats.mode & 0o022) !== 0 && !sticky) {
    throw new Error(
      `the database directory ${path} is writable by group or others (mode ${mode}), ` +
        'who could replace the database; Estate does not change a directory it did not create: ' +
        `run "chmod go-w ${path}" or set DATABASE_URL to a file in a private directory`,
    );
  }
  options.notice?.(
    `warning: the database directory ${path} is readable by group or others (mode ${mode}): ` +
      'the database files are private (0600) but their names are not; ' +
      'Estate leaves a directory it did not create as it is ' +
      `(make it private with "chmod 700 ${path}", or use another directory)`,
  );
}
