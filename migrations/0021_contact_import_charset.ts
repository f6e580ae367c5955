/**
 * What a CSV import is read as. `contact_imports.charset`: the charset the uploaded file is
 * decoded in when it is read (utf-8; windows-1252 for a file that is not valid UTF-8; or
 * the one the uploader named). From now on the file's pieces in `contact_import_files` hold
 * its bytes as they came (one character per byte), decoded when the import reads them.
 * Null: a JSON import, or an import stored before, whose pieces are text already.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_imports').addColumn('charset', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_imports').dropColumn('charset').execute();
}
