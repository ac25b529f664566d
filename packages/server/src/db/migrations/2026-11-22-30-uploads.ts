import type { Kysely } from 'kysely';
import { epochMs, withId } from '../migration-helpers';

// Frozen: uploaded files (spec section 7, Uploads). The bytes live on disk under a random
// stored name (docs/decisions/030-uploads-storage.md); this table remembers what each file is.
export async function up(db: Kysely<any>): Promise<void> {
  await withId(db, db.schema.createTable('uploads'))
    // file | image | document | tinymce | roster
    .addColumn('kind', 'varchar(20)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('stored_name', 'varchar(100)', (c) => c.notNull().unique())
    .addColumn('mime_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    // file-upload / image-upload: the record the file belongs to.
    .addColumn('table_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('record_id', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('field_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    // fileUpload: the client (e.g. a hotel) and folder the document sits in.
    .addColumn('client_id', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('folder_id', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('full_path', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('status_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('created_at', epochMs, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_client_folder').on('uploads').columns(['client_id', 'folder_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('uploads').execute();
}
