import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fileTags } from '../../db/schema/index';

/** SQL of file_tags. */
export class FileTagsRepository {
  constructor(private readonly db: Db) {}

  /** Adds each tag to each file (already present: kept as is). */
  async add(db: Db, ownerId: string, fileIds: string[], tags: string[]): Promise<void> {
    if (fileIds.length === 0 || tags.length === 0) return;
    const rows = fileIds.flatMap((fileId) => tags.map((tag) => ({ fileId, ownerId, tag })));
    await db.insert(fileTags).values(rows).onConflictDoNothing();
  }

  async remove(db: Db, ownerId: string, fileIds: string[], tags: string[]): Promise<void> {
    if (fileIds.length === 0 || tags.length === 0) return;
    await db
      .delete(fileTags)
      .where(
        and(eq(fileTags.ownerId, ownerId), inArray(fileTags.fileId, fileIds), inArray(fileTags.tag, tags)),
      );
  }

  /** Tags of each of the owner's files, in name order. */
  async tagsOf(ownerId: string, fileIds: string[], db: Db = this.db): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>();
    if (fileIds.length === 0) return map;
    const rows = await db
      .select({ fileId: fileTags.fileId, tag: fileTags.tag })
      .from(fileTags)
      .where(and(eq(fileTags.ownerId, ownerId), inArray(fileTags.fileId, fileIds)))
      .orderBy(asc(fileTags.tag));
    for (const r of rows) map.set(r.fileId, [...(map.get(r.fileId) ?? []), r.tag]);
    return map;
  }

  /** The owner's tags with how many live files carry each. */
  async counts(ownerId: string): Promise<{ tag: string; files: number }[]> {
    const result = await this.db.execute(sql`
      select t.tag, count(*)::int as files
      from file_tags t join files f on f.id = t.file_id and f.deleted_at is null
      where t.owner_id = ${ownerId}
      group by t.tag order by t.tag`);
    return (result as unknown as { rows: { tag: string; files: number }[] }).rows;
  }
}
