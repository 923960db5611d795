import { sql } from 'kysely';
import type { TestContext } from './test-app';

export interface TextColumn {
  table: string;
  column: string;
}

/**
 * Every text column of every table, read from the database's own catalog (not a list kept by
 * hand), so a table or column added later is scanned without anyone remembering to add it.
 */
export async function textColumns(ctx: TestContext): Promise<TextColumn[]> {
  const db = ctx.database.db;
  if (ctx.dialect === 'postgres') {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
      order by c.table_name, c.ordinal_position`.execute(db);
    return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
  }
  const { rows: tables } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
    db,
  );
  const columns: TextColumn[] = [];
  for (const { name } of tables) {
    const { rows } = await sql<{ name: string; type: string }>`select name, type from pragma_table_info(${name})`.execute(db);
    // SQLite's type affinity: a declared type holding CHAR, CLOB or TEXT (or none at all) stores text.
    for (const column of rows) if (column.type === '' || /CHAR|CLOB|TEXT/i.test(column.type)) columns.push({ table: name, column: column.name });
  }
  return columns;
}

/** Where any of `needles` occurs (case-insensitive) in any text column: "table.column: needle" per hit. */
export async function findText(ctx: TestContext, needles: string[]): Promise<string[]> {
  const hits: string[] = [];
  for (const { table, column } of await textColumns(ctx)) {
    for (const needle of needles) {
      const pattern = `%${needle.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;
      const { rows } = await sql<{ n: number | string }>`
        select count(*) as n from ${sql.table(table)} where lower(cast(${sql.ref(column)} as text)) like ${pattern} escape '!'`.execute(ctx.database.db);
      if (Number(rows[0]?.n ?? 0) > 0) hits.push(`${table}.${column}: ${needle}`);
    }
  }
  return hits;
}
