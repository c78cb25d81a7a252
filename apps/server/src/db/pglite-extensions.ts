import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';

/**
 * The PostgreSQL extensions the migrations create (0015: trigram name search; 0017: pgvector for
 * knowledge search). PGlite loads an extension's code only when it is named at creation, so every
 * PGlite that opens the app's data (the server, the CLI, tests, a restore) must be created with these.
 */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin, vector };
