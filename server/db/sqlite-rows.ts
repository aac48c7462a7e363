import type Database from 'better-sqlite3';
import type { SqliteStatement } from 'kysely';

/**
 * A SQLite statement whose rows are made into objects in JavaScript, not by better-sqlite3.
 *
 * better-sqlite3 builds each row object through V8's C++ API, one property at a time; on a
 * devices page that was a third of the statement's time (25 rows of 14 columns: 65 µs as objects,
 * 41 µs as arrays made into objects here, on the bench's million boards). Here the statement hands
 * out arrays (`raw` mode) and one function per column list, an object literal with those keys, makes
 * each row: V8 creates such objects in one step, with one shape for every row of the statement.
 *
 * The rows are what better-sqlite3 would give: keys in column order, a repeated name keeps its
 * first place and its last value (as an object literal does).
 */
export function withRowsBuiltInJs(statement: Database.Statement): SqliteStatement {
  if (!statement.reader) return statement;
  const toRow = rowMaker(statement.columns().map((column) => column.name));
  if (!toRow) return statement;
  statement.raw(true);
  return {
    reader: true,
    all: (parameters) => (statement.all(parameters) as unknown[][]).map(toRow),
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const values of statement.iterate(parameters) as IterableIterator<unknown[]>) yield toRow(values);
    },
  };
}

type RowMaker = (values: unknown[]) => Record<string, unknown>;

/** One maker per column list: statements that select the same columns share it. */
const makers = new Map<string, RowMaker>();
const MAX_MAKERS = 1_000;

/**
 * `(v) => ({ "id": v[0], "serial": v[1], … })`, or undefined for a column named `__proto__`,
 * which a literal would take for the object's prototype (that statement keeps better-sqlite3's objects).
 * Every name is written as a JSON string, so no column name can be read as code.
 */
function rowMaker(names: string[]): RowMaker | undefined {
  if (names.includes('__proto__')) return undefined;
  const key = JSON.stringify(names);
  let maker = makers.get(key);
  if (!maker) {
    const fields = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
    maker = new Function('v', `return { ${fields} };`) as RowMaker;
    if (makers.size >= MAX_MAKERS) makers.clear();
    makers.set(key, maker);
  }
  return maker;
}
