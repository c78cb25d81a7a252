import { AI_TABLES } from '@stratos/contracts/ai/knowledge-records.schema';
import { ALLOWED_FUNCTIONS } from './sql-functions';

/**
 * What the superadmin's SQL call may run (DECISIONS.md section 6): exactly one read-only statement
 * (SELECT, VALUES, TABLE or WITH ... SELECT) that reads the ten AI tables alone. The statement is
 * parsed by PostgreSQL's own parser (libpg-query, compiled to WebAssembly), so what is checked is
 * what the database will see; then every node of the tree is walked: table references in
 * subqueries, CTEs, joins and set operations alike, every function called, every cast.
 *
 * The read-only transaction the statement runs in is the second fence: anything that slips past
 * this walk still cannot write.
 */

export class SqlRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SqlRefusal';
  }
}

const AI_TABLE_NAMES: ReadonlySet<string> = new Set(AI_TABLES);

/** Object-identifier types: a cast to them looks up catalog objects (names of tables, functions). */
const CATALOG_TYPES = /^reg[a-z]*$/;

/** Statements that write, anywhere in the tree (a data-modifying CTE). */
const WRITING_STATEMENTS = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

export interface CheckedStatement {
  /** The statement's own text (without a trailing semicolon or anything after it). */
  text: string;
  /** Each `$n` of the statement: its number and its place in `text` (UTF-8 bytes), in order. */
  params: Array<{ number: number; offset: number; length: number }>;
  /** The AI tables it reads. */
  tables: string[];
  /** It has a WITH RECURSIVE (whose cost no plan estimate bounds). */
  recursive: boolean;
}

type Parse = (sql: string) => { stmts?: Array<{ stmt?: Node; stmt_location?: number; stmt_len?: number }> };
let parseSync: Parse | undefined;
let loaded: Promise<void> | undefined;
/**
 * Loads the parser and its WebAssembly module once, on the first SQL call (not at start: most
 * processes never take one); call before `checkReadOnlySql`.
 */
export function loadSqlParser(): Promise<void> {
  loaded ??= import('libpg-query').then(async (m) => {
    await m.loadModule();
    parseSync = m.parseSync;
  });
  return loaded;
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
const strings = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.map((item) => String((item as { String?: { sval?: string } }).String?.sval))
    : [];

/**
 * Checks `sql` (see above); `schema` is the one schema a table may be qualified with (the app's
 * own: `public`, or a test's schema). Throws SqlRefusal with the reason otherwise.
 */
export function checkReadOnlySql(sql: string, schema: string): CheckedStatement {
  if (!parseSync) throw new Error('loadSqlParser() first');
  let tree: ReturnType<Parse>;
  try {
    tree = parseSync(sql);
  } catch (err) {
    throw new SqlRefusal(`The SQL does not parse: ${(err as Error).message}`);
  }
  const statements = tree.stmts ?? [];
  if (statements.length === 0) throw new SqlRefusal('The SQL holds no statement');
  if (statements.length > 1) throw new SqlRefusal('Only one statement may be run at a time');
  const [only] = statements as [{ stmt?: Node; stmt_location?: number; stmt_len?: number }];
  if (!only.stmt || !('SelectStmt' in only.stmt)) {
    const kind = only.stmt ? Object.keys(only.stmt)[0] : 'nothing';
    throw new SqlRefusal(`Only a read-only SELECT statement may be run (found ${kind})`);
  }
  const walk = new Walk(schema);
  walk.visit(only.stmt, new Set());

  const bytes = Buffer.from(sql, 'utf8');
  const start = only.stmt_location ?? 0;
  const end = only.stmt_len ? start + only.stmt_len : bytes.length;
  const params = walk.params
    .map((p) => ({ number: p.number, offset: p.location - start, length: tokenLength(bytes, p.location) }))
    .sort((a, b) => a.offset - b.offset);
  return {
    text: bytes.subarray(start, end).toString('utf8').trimEnd(),
    params,
    tables: [...walk.tables].sort(),
    recursive: walk.recursive,
  };
}

/** Bytes of the `$n` token at `at`: the dollar sign and its digits ($1, $01, $12). */
function tokenLength(bytes: Buffer, at: number): number {
  if (bytes[at] !== 0x24) throw new SqlRefusal('Parameters are written $1, $2, ...');
  let end = at + 1;
  while (end < bytes.length && (bytes[end] as number) >= 0x30 && (bytes[end] as number) <= 0x39) end++;
  return end - at;
}

/** One walk over a statement's tree, collecting the tables read and the parameters. */
class Walk {
  readonly tables = new Set<string>();
  readonly params: Array<{ number: number; location: number }> = [];
  recursive = false;
  private nodes = 0;

  constructor(private readonly schema: string) {}

  /** `ctes`: the CTE names a table reference at this point may mean instead of a table. */
  visit(value: unknown, ctes: ReadonlySet<string>): void {
    // PostgreSQL's parser bounds nesting depth itself; this bounds the work.
    if (++this.nodes > 100_000) throw new SqlRefusal('The statement is too large');
    if (Array.isArray(value)) {
      for (const item of value) this.visit(item, ctes);
      return;
    }
    if (!isNode(value)) return;
    // A relation in a field of its own type comes without the RangeVar wrapper: check it all the same.
    if ('relname' in value) {
      this.table(value, ctes);
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      if (!isNode(child)) {
        this.visit(child, ctes);
        continue;
      }
      if (key === 'SelectStmt') this.select(child, ctes);
      else if (WRITING_STATEMENTS.has(key)) {
        throw new SqlRefusal('Data-modifying statements (INSERT, UPDATE, DELETE, MERGE) are not allowed');
      } else if (key === 'RangeVar') this.table(child, ctes);
      else if (key === 'FuncCall') {
        this.func(strings(child.funcname));
        this.visit(child, ctes);
      } else if (key === 'TypeCast') {
        this.cast(child);
        this.visit(child, ctes);
      } else if (key === 'ParamRef') this.param(child);
      else this.visit(child, ctes);
    }
  }

  private select(stmt: Node, outer: ReadonlySet<string>) {
    if (stmt.intoClause) throw new SqlRefusal('SELECT INTO is not allowed (it creates a table)');
    if (stmt.lockingClause)
      throw new SqlRefusal('Locking clauses (FOR UPDATE, FOR SHARE, ...) are not allowed');
    let scope = outer;
    const withClause = stmt.withClause as
      | { ctes?: Array<{ CommonTableExpr?: Node }>; recursive?: boolean }
      | undefined;
    if (withClause) {
      if (withClause.recursive) this.recursive = true;
      const ctes = (withClause.ctes ?? []).map((c) => c.CommonTableExpr ?? {});
      const names = ctes.map((c) => String(c.ctename));
      // A CTE sees those before it; in WITH RECURSIVE, all of them (itself included).
      ctes.forEach((cte, i) => {
        const visible = new Set([...outer, ...(withClause.recursive ? names : names.slice(0, i))]);
        this.visit(cte, visible);
      });
      scope = new Set([...outer, ...names]);
    }
    for (const [key, child] of Object.entries(stmt)) {
      if (key !== 'withClause') this.visit(child, scope);
    }
  }

  private table(ref: Node, ctes: ReadonlySet<string>) {
    const name = String(ref.relname);
    const schema = ref.schemaname as string | undefined;
    if (ref.catalogname)
      throw new SqlRefusal(`Database-qualified names are not allowed (${ref.catalogname})`);
    if (!schema && ctes.has(name)) return;
    if ((schema && schema !== this.schema) || !AI_TABLE_NAMES.has(name)) {
      const shown = schema ? `${schema}.${name}` : name;
      throw new SqlRefusal(`Only the AI tables can be queried: ${shown} is not one of them`);
    }
    this.tables.add(name);
  }

  private func(names: string[]) {
    const name = names.at(-1) ?? '';
    const qualifier = names.slice(0, -1);
    if (qualifier.length > 1 || (qualifier.length === 1 && qualifier[0] !== 'pg_catalog')) {
      throw new SqlRefusal(`Function ${names.join('.')}() is not allowed`);
    }
    if (!ALLOWED_FUNCTIONS.has(name)) throw new SqlRefusal(`Function ${name}() is not allowed`);
  }

  private cast(node: Node) {
    const type = (node.typeName as Node | undefined)?.names;
    const name = strings(type).at(-1) ?? '';
    if (CATALOG_TYPES.test(name)) throw new SqlRefusal(`Casts to ${name} are not allowed`);
  }

  private param(node: Node) {
    const number = Number(node.number);
    const location = Number(node.location);
    if (!Number.isInteger(number) || number < 1 || !(location >= 0)) {
      throw new SqlRefusal('Parameters are written $1, $2, ...');
    }
    this.params.push({ number, location });
  }
}
