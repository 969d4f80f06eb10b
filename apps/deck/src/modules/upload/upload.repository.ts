import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@mnemo/db/client';
import { uploads } from '@mnemo/db/schema';
import { ownedBy, ownerValues, type Owner } from '@mnemo/db/owner';

export type UploadRow = typeof uploads.$inferSelect;

export function createUploadsRepository({ db }: { db: DbOrTx }) {
  return {
    async insert(
      owner: Owner,
      input: { storageRef: string; originalFilename: string; contentType: string; sizeInBytes: number },
    ): Promise<UploadRow> {
      const [row] = await db
        .insert(uploads)
        .values({ ...ownerValues(owner), ...input })
        .returning();
      return row!;
    },
    /** The caller's upload of this file, or null (someone else's looks the same as none). */
    async findOwned(owner: Owner, storageRef: string, tx: DbOrTx = db): Promise<UploadRow | null> {
      const [row] = await tx
        .select()
        .from(uploads)
        .where(and(eq(uploads.storageRef, storageRef), ownedBy(uploads, owner)));
      return row ?? null;
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
