import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './dialect.js';

/**
 * Case folding, one rule for the whole service and both databases: every code point is replaced
 * by its simple lower-case mapping (Unicode's one-to-one mapping, so `İ` → `i`, `Σ` → `σ` wherever
 * it stands, `ẞ` → `ß`). PostgreSQL's lower() under a UTF-8 locale applies the same mapping;
 * SQLite's folds A–Z only, so SQLite gets this function as `estate_fold()` (database.ts) and
 * PostgreSQL an `estate_fold()` that is its lower() (the baseline): queries call estate_fold().
 */
export function fold(text: string): string {
  // toLowerCase() is the full mapping: it differs from the simple one only where U+0130 becomes
  // two code points and where Σ ends a word (ς). Both are mapped first; ASCII needs no more.
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  return text.replace(/İ/g, 'i').replace(/Σ/g, 'σ').toLowerCase();
}

const NON_ASCII = /[^\u0000-\u007f]/;

let folding: string[] | undefined;

/** Every character fold() changes, computed once. */
export function foldingCharacters(): string[] {
  if (!folding) {
    folding = [];
    for (let codePoint = 1; codePoint <= 0x10ffff; codePoint += 1) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const character = String.fromCodePoint(codePoint);
      if (fold(character) !== character) folding.push(character);
    }
  }
  return folding;
}

/** The case-folded key of a name, compared in JavaScript (tag names, software names and vendors). */
export const foldKey = (text: string): string => fold(text.trim());

/** The case-folded form of a column, in SQL. */
export function foldedColumn(column: string): RawBuilder<string> {
  return sql<string>`estate_fold(${sql.ref(column)})`;
}

/** `%` and `_` typed by a user are literal characters, not wildcards. */
export function likePattern(text: string): string {
  return `%${fold(text).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive substring match with the same folding on both dialects (SQLite has no ILIKE). */
export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${foldedColumn(column)} like ${likePattern(text)} escape '\\'`;
}

/**
 * containsText() on SQLite without a call into JavaScript for text of ASCII characters only
 * (length = octet_length): LIKE already ignores the case of ASCII letters, and estate_fold() is
 * their lower case; other text is folded as containsText() folds it. A search tested on each row's
 * columns (`columns`) calls this once per column and row.
 */
function containsTextSqlite(column: string, text: string): RawBuilder<SqlBool> {
  const ref = sql.ref(column);
  const folded = sql`case when length(${ref}) = octet_length(${ref}) then ${ref} else estate_fold(${ref}) end`;
  return sql<SqlBool>`${folded} like ${likePattern(text)} escape '\\'`;
}

/**
 * Where the text index of a list's `q` columns (`searched` in storage.ts) lives: the table whose
 * rows they are, and the name the list's query gives it (`d` for `discovered_applications as d`).
 */
export interface TextIndex {
  table: string;
  alias?: string;
}

/** Joins the search columns in PostgreSQL's `search_text`; a search holding it compares each column. */
const SEARCH_TEXT_SEPARATOR = '\u001f';

/** An FTS5 phrase: the folded text as one string, its quotes doubled. */
const ftsPhrase = (folded: string): string => `"${folded.replaceAll('"', '""')}"`;

/** Fewer characters than a trigram: the trigram index cannot narrow such a search; the gram index does. */
const TRIGRAM = 3;

/**
 * SQLite: the gram index `<table>_grams` serves a search of one or two characters, which a trigram
 * index cannot narrow (it compared every column of every row on the event loop: 1-1.8 s at 100,000
 * servers). Each row's entry is the set of every character and every pair of adjacent characters
 * of each folded searched column, one token each, so a search of one or two characters is one
 * token's rows: exactly the rows whose columns hold it, as containsText() would find them.
 * docs/notes/short-searches.md has the reasons and figures.
 *
 * A character of a gram token: two hexadecimal digits below U+0080, else its code point between `g`s.
 */
const HEX = Array.from({ length: 128 }, (_, code) => code.toString(16).padStart(2, '0'));
const encoded = (codePoint: number): string => (codePoint < 128 ? HEX[codePoint]! : `g${codePoint.toString(16)}g`);
const gramToken = (characters: readonly string[]): string =>
  characters.length === 1
    ? `u${encoded(characters[0]!.codePointAt(0)!)}`
    : `b${encoded(characters[0]!.codePointAt(0)!)}${encoded(characters[1]!.codePointAt(0)!)}`;

/** The tokens of ASCII characters and pairs, made once each (the text of most rows is ASCII). */
const ASCII_UNIGRAMS = HEX.map((hex) => `u${hex}`);
const asciiBigrams: string[] = [];
const asciiBigram = (first: number, second: number): string =>
  (asciiBigrams[first * 128 + second] ??= `b${HEX[first]}${HEX[second]}`);
/** Which ASCII tokens a row has given already: set, then cleared, by gramText. */
const seenUnigram = new Uint8Array(128);
const seenBigram = new Uint8Array(128 * 128);
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/**
 * The gram index's text of a row (estate_grams() on SQLite, database.ts): the distinct tokens of
 * every character and adjacent pair of each folded value, separated by spaces. A token is ASCII
 * letters and digits only (`u61` for `a`, `b6162` for `ab`, `ug4e1cg` for `东`), whatever the
 * text, so the index's tokenizer reads each as one word. Written for speed: the service's writes
 * and every bulk load call it once per row (ASCII text without making a string per pair).
 */
export function gramText(values: readonly unknown[]): string {
  const tokens: string[] = [];
  const unigrams: number[] = [];
  const bigrams: number[] = [];
  let other: Set<string> | undefined;
  for (const value of values) {
    if (value === null || value === undefined) continue;
    const text = fold(String(value));
    if (!ASCII_ONLY.test(text)) {
      other ??= new Set();
      const characters = [...text];
      for (let i = 0; i < characters.length; i += 1) {
        other.add(gramToken([characters[i]!]));
        if (i + 1 < characters.length) other.add(gramToken([characters[i]!, characters[i + 1]!]));
      }
      continue;
    }
    for (let i = 0; i < text.length; i += 1) {
      const code = text.charCodeAt(i);
      if (seenUnigram[code] === 0) {
        seenUnigram[code] = 1;
        unigrams.push(code);
        tokens.push(ASCII_UNIGRAMS[code]!);
      }
      if (i + 1 === text.length) continue;
      const next = text.charCodeAt(i + 1);
      const pair = code * 128 + next;
      if (seenBigram[pair] === 0) {
        seenBigram[pair] = 1;
        bigrams.push(pair);
        tokens.push(asciiBigram(code, next));
      }
    }
  }
  for (const code of unigrams) seenUnigram[code] = 0;
  for (const pair of bigrams) seenBigram[pair] = 0;
  if (!other) return tokens.join(' ');
  for (const token of tokens) other.add(token);
  return [...other].join(' ');
}

/** The gram index's query of a search of one or two characters (folded), else undefined. */
function gramQuery(folded: string): string | undefined {
  const characters = [...folded];
  return characters.length >= 1 && characters.length < TRIGRAM ? `"${gramToken(characters)}"` : undefined;
}

/**
 * How a read meets a text condition (SQLite): through the text index, by its matches (`index`);
 * scanning the sort's index and looking each row up in the matches the text index lists (`scan`,
 * lists/offset.ts); or testing each row's own columns (`columns`, a scan of a few rows).
 */
export type TextRead = 'index' | 'scan' | 'columns';

/**
 * `text` in any of the columns, case-insensitively, as a substring: the same answer as
 * containsText() on each column, read from the text index. SQLite asks the table's FTS5 trigram
 * index (folded copies of the columns) for the rowids whose text holds the folded phrase, and its
 * gram index for a search of one or two characters (gramText); PostgreSQL's planner serves a LIKE
 * on the table's `search_text` (the folded columns joined by U+001F, storage-sql.ts) from its
 * pg_trgm GIN index, one per piece of a search of several words (trigramPieces), the whole search
 * then compared with strpos(); a search shorter than a trigram is a LIKE the database answers by
 * reading the workspace's `search_text` (docs/notes/short-searches.md). A search holding U+001F
 * (PostgreSQL), or a read that tests rows (`test`), compares each column instead.
 */
export function matchesText(
  dialect: Dialect,
  index: TextIndex,
  columns: readonly string[],
  text: string,
  read: TextRead = 'index',
): Expression<SqlBool> {
  const folded = fold(text);
  if (dialect === 'sqlite' && read !== 'columns') {
    const short = gramQuery(folded);
    const textTable = sql.table(`${index.table}_${short === undefined ? 'text' : 'grams'}`);
    const phrase = short ?? ftsPhrase(folded);
    // On a scan of the sort's index (lists/offset.ts) `+rowid` leaves the matches to be tested row by row.
    const rowid = sql`${read === 'scan' ? sql`+` : sql``}${sql.ref(`${index.alias ?? index.table}.rowid`)}`;
    return sql<SqlBool>`${rowid} in (select rowid from ${textTable} where ${textTable} match ${phrase})`;
  }
  if (dialect === 'postgres' && !folded.includes(SEARCH_TEXT_SEPARATOR)) {
    const column = sql.ref(`${index.alias ?? index.table}.search_text`);
    const pieces = trigramPieces(folded);
    if (pieces.length === 1) return sql<SqlBool>`${column} like ${likePattern(folded)} escape '\\'`;
    // Each piece narrows the text index; the whole text, in order, is then compared in the row.
    const narrowed = pieces.map((piece) => sql<SqlBool>`${column} like ${likePattern(piece)} escape '\\'`);
    return sql<SqlBool>`(${sql.join(narrowed, sql` and `)} and strpos(${column}, ${folded}) > 0)`;
  }
  const contains = dialect === 'sqlite' ? containsTextSqlite : containsText;
  return sql<SqlBool>`(${sql.join(
    columns.map((column) => contains(column, text)),
    sql` or `,
  )})`;
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const RUNS = /[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu;
const length = (text: string): number => [...text].length;

/**
 * PostgreSQL: the pieces of a folded search that its trigram index is asked for, each a part of
 * the search (so every match holds it). pg_trgm pads each word of a pattern at the characters
 * around it (`app-deve-001819` holds `pp `, `  d`, `  0`, ` 00`…), and trigrams at a word's edge
 * (`  0`, ` 00` of every server number) are in nearly every row: asked for the whole search, the
 * index advances their posting lists to each row holding the rarest trigram. Asked word by word,
 * the longest (most likely the rarest) first, it advances the next word only to the rows holding
 * the first (`001819`, `deve`, `app`), reading far fewer index pages. A word under three
 * characters has no trigram of its own: its edge trigrams are asked for with its neighbours, as
 * one more piece after the words (`ws-497026`: `497026`, then `ws-497026`; `prod-05`: `prod`, then
 * `prod-05`), so that it still narrows the search.
 */
export function trigramPieces(folded: string): string[] {
  const runs = folded.match(RUNS) ?? [];
  const isWord = (i: number) => WORD_CHARACTER.test(runs[i] ?? '');
  const words = runs.filter((run, i) => isWord(i) && length(run) >= TRIGRAM);
  const joined: string[] = [];
  let piece = '';
  let short = false;
  runs.forEach((run, i) => {
    if (
      !isWord(i) &&
      i > 0 &&
      i < runs.length - 1 &&
      length(runs[i - 1]!) >= TRIGRAM &&
      length(runs[i + 1]!) >= TRIGRAM
    ) {
      if (short) joined.push(piece);
      [piece, short] = ['', false];
      return;
    }
    piece += run;
    short ||= isWord(i) && length(run) < TRIGRAM;
  });
  if (short) joined.push(piece);
  // A search of one word (`app-` too), or with no word of three characters, is asked as it is.
  if (words.length === 0 || (words.length === 1 && joined.length === 0)) return [folded];
  return [...words.sort((a, b) => length(b) - length(a)), ...joined];
}

/**
 * SQLite: the rows of the whole table whose text holds `text`, counted in the table's text index
 * alone (the gram index for one or two characters), without reading a row; undefined on
 * PostgreSQL. The count of a search in a workspace that holds every row of the
 * table (search-counts.ts), much faster than checking each match's workspace.
 */
export function textIndexCount(dialect: Dialect, index: TextIndex, text: string): Expression<number> | undefined {
  const folded = fold(text);
  if (dialect !== 'sqlite' || folded === '') return undefined;
  const short = gramQuery(folded);
  const textTable = sql.table(`${index.table}_${short === undefined ? 'text' : 'grams'}`);
  return sql<number>`(select count(*) from ${textTable} where ${textTable} match ${short ?? ftsPhrase(folded)})`;
}

/**
 * A row read with `select *`, as an UPDATE may set it: without the columns only the database
 * writes, PostgreSQL's `search_text` (storage-sql.ts) and servers' `ip_key` (migration 0014).
 */
export function writableColumns<Row extends Record<string, unknown>>(row: Row): Row {
  const { search_text: _generated, ip_key: _key, ...columns } = row;
  return columns as Row;
}
