// drizzle-kit writes "public". into foreign keys; tests and deployments may use another schema.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = new URL('../src/db/migrations/', import.meta.url);
for (const f of readdirSync(dir).filter((n) => n.endsWith('.sql'))) {
  const file = new URL(f, dir);
  writeFileSync(file, readFileSync(file, 'utf8').replaceAll('"public".', ''));
}
