import type { Database } from '../../../db/client';
import type { AuditService } from '../../audit/audit.service';
import { KnowledgeDataRepository } from './knowledge-data.repository';
import { KnowledgeDataService } from './knowledge-data.service';
import { KnowledgeQueryService } from './knowledge-query.service';

/** The AI data calls' services (part 2 section 7): records, counts and lists; the read-only SQL. */
export interface AiKnowledgeServices {
  data: KnowledgeDataService;
  query: KnowledgeQueryService;
}

export function aiKnowledgeServices(database: Database, audit: AuditService): AiKnowledgeServices {
  const repo = new KnowledgeDataRepository(database.db);
  return {
    data: new KnowledgeDataService(repo),
    query: new KnowledgeQueryService({ repo, audit, canInterrupt: database.driver === 'postgres' }),
  };
}
