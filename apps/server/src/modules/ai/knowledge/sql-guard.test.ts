import { beforeAll, describe, expect, it } from 'vitest';
import { checkReadOnlySql, loadSqlParser, SqlRefusal } from './sql-guard';

beforeAll(() => loadSqlParser());

const check = (sql: string, schema = 'public') => checkReadOnlySql(sql, schema);
const reason = (sql: string, schema = 'public') => {
  try {
    check(sql, schema);
  } catch (err) {
    if (err instanceof SqlRefusal) return err.reason;
    throw err;
  }
  return null;
};

describe('checkReadOnlySql: what it lets through', () => {
  it.each([
    'select * from ai_knowledge_base',
    'SELECT domain, count(*) FROM ai_knowledge_base GROUP BY domain ORDER BY 2 DESC LIMIT 5',
    'select k.title, c.connection_type from ai_knowledge_base k join ai_knowledge_connections c on c.source_knowledge_id = k.id',
    "with recent as (select * from ai_learning_interactions where created_at > now() - interval '1 day') select domain, avg(response_time) from recent group by domain",
    'with recursive chain(id, depth) as (select id, 0 from ai_knowledge_base union all select c.target_knowledge_id, depth + 1 from ai_knowledge_connections c join chain on c.source_knowledge_id = chain.id where depth < 3) select * from chain',
    'select * from ai_knowledge_base where id in (select knowledge_id from ai_knowledge_embeddings)',
    'select (select count(*) from ai_insights) as insights, exists (select 1 from ai_learning_patterns) as any',
    'select title from ai_knowledge_base union select title from ai_insights',
    'table ai_performance_metrics',
    'values (1, 2)',
    'select 1',
    "select extract(year from created_at), date_trunc('day', created_at), to_char(created_at, 'YYYY') from ai_insights",
    "select ts_rank(search_vector, websearch_to_tsquery('english', $1)) from ai_knowledge_base",
    'select jsonb_array_length(knowledge_used), row_number() over (order by created_at) from ai_learning_interactions',
    'select * from public.ai_knowledge_base',
    'select * from ai_knowledge_base;',
    'select * from ai_knowledge_base -- newest first',
  ])('%s', (sql) => {
    expect(reason(sql)).toBeNull();
  });

  it('names the tables read, through subqueries and CTEs', () => {
    expect(
      check(
        'with a as (select * from ai_insights) select * from a, (select * from ai_learning_patterns) p where exists (select 1 from ai_knowledge_base)',
      ).tables,
    ).toEqual(['ai_insights', 'ai_knowledge_base', 'ai_learning_patterns']);
  });

  it('finds each $n with its place in the statement text (UTF-8 bytes), without a trailing semicolon', () => {
    const checked = check("  select 'é' as e, $2::text as b, $1 as a from ai_insights where id = $01 ;  ");
    expect(checked.text).toBe("select 'é' as e, $2::text as b, $1 as a from ai_insights where id = $01");
    const bytes = Buffer.from(checked.text);
    expect(
      checked.params.map((p) => [p.number, bytes.subarray(p.offset, p.offset + p.length).toString()]),
    ).toEqual([
      [2, '$2'],
      [1, '$1'],
      [1, '$01'],
    ]);
  });
});

describe('checkReadOnlySql: every refusal class', () => {
  it.each([
    ['', /empty/],
    [';', /no statement/],
    ['selec * from ai_insights', /does not parse/],
    ['select 1; select 2', /one statement/],
    ['select 1; drop table ai_insights', /one statement/],
    ['insert into ai_insights (insight_id) values ($1)', /read-only SELECT .*InsertStmt/],
    ['update ai_knowledge_base set title = $1', /read-only SELECT .*UpdateStmt/],
    ['delete from ai_knowledge_base', /read-only SELECT .*DeleteStmt/],
    ['drop table ai_knowledge_base', /read-only SELECT .*DropStmt/],
    ['truncate ai_knowledge_base', /read-only SELECT/],
    ['explain analyze select * from ai_knowledge_base', /read-only SELECT .*ExplainStmt/],
    ['set statement_timeout = 0', /read-only SELECT/],
    ['copy ai_knowledge_base to stdout', /read-only SELECT/],
    ['create table x as select 1', /read-only SELECT/],
    ['with gone as (delete from ai_knowledge_base returning *) select * from gone', /Data-modifying/],
    ['with x as (insert into ai_insights (insight_id) values (1) returning *) select 1', /Data-modifying/],
    [
      'select * from (with x as (update ai_insights set title = 1 returning *) select * from x) s',
      /Data-modifying/,
    ],
    ['select * into copy_of from ai_knowledge_base', /SELECT INTO/],
    ['select * from ai_knowledge_base for update', /Locking/],
    ['select * from ai_knowledge_base for share skip locked', /Locking/],
    ['select * from users', /users is not one of them/],
    ['select * from public.users', /public\.users is not one of them/],
    ['select * from ai_knowledge_base, refresh_tokens', /refresh_tokens/],
    ['select * from ai_knowledge_base where id in (select id from users)', /users/],
    ['select (select password_hash from users limit 1)', /users/],
    ['select * from ai_knowledge_base k join lateral (select * from payments) p on true', /payments/],
    ['with x as (select * from ai_user_keys) select * from x', /ai_user_keys/],
    ['select * from pg_catalog.pg_authid', /pg_catalog\.pg_authid/],
    ['select * from pg_class', /pg_class/],
    ['select * from information_schema.tables', /information_schema\.tables/],
    ['select * from other_schema.ai_knowledge_base', /other_schema\.ai_knowledge_base/],
    ['select * from db.public.ai_knowledge_base', /Database-qualified/],
    ['table users', /users/],
    ['select title from ai_knowledge_base union all select email from users', /users/],
    ['select pg_sleep(10)', /pg_sleep\(\) is not allowed/],
    ['select * from ai_knowledge_base where pg_sleep(1) is null', /pg_sleep/],
    ["select set_config('statement_timeout', '0', false)", /set_config/],
    ["select current_setting('data_directory')", /current_setting/],
    ["select pg_read_file('/etc/passwd')", /pg_read_file/],
    ["select lo_import('/etc/passwd')", /lo_import/],
    ["select * from dblink('host=x', 'select 1') as t(a int)", /dblink/],
    ["select query_to_xml('select * from users', true, true, '')", /query_to_xml/],
    ['select pg_advisory_lock(1)', /pg_advisory_lock/],
    ["select nextval('ai_usage_log_id_seq')", /nextval/],
    ['select pg_terminate_backend(1)', /pg_terminate_backend/],
    ['select public.count(*) from ai_insights', /public\.count/],
    ["select 'users'::regclass", /regclass/],
    ["select 'pg_sleep'::regproc", /regproc/],
  ])('%s -> refused', (sql, why) => {
    expect(reason(sql)).toMatch(why);
  });

  it('a CTE named like a table stands for the table only inside its own scope', () => {
    // The outer `users` is the real table: the CTE of that name lives inside the subquery only.
    expect(reason('select * from users, (with users as (select 1) select * from users) s')).toMatch(/users/);
    // Inside its scope the name is the CTE's, which reads an AI table.
    expect(reason('with users as (select * from ai_insights) select * from users')).toBeNull();
    // A non-recursive CTE cannot see itself: its `users` is the table.
    expect(reason('with users as (select * from users) select * from users')).toMatch(/users/);
    // A later CTE sees an earlier one.
    expect(
      reason('with a as (select * from ai_insights), b as (select * from a) select * from b'),
    ).toBeNull();
    // A schema-qualified name is never a CTE.
    expect(reason('with users as (select 1) select * from public.users')).toMatch(/public\.users/);
  });

  it('accepts only the app schema as a qualifier (a test schema on PostgreSQL)', () => {
    expect(reason('select * from t_abc.ai_insights', 't_abc')).toBeNull();
    expect(reason('select * from public.ai_insights', 't_abc')).toMatch(/public\.ai_insights/);
    expect(reason('select * from t_abc.users', 't_abc')).toMatch(/t_abc\.users/);
  });
});
