import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000200_file_digests extends Migration {
  override name = 'Migration20261126000200_file_digests';

  override up(): void {
    // Stored files never change under their key (a new upload is a new key), so a file's MD5 is
    // computed once and reused by every message, preview and redelivery that names it.
    this.addSql(`create table "delivery"."file_digest" (
      "blob_key" text primary key,
      "md5" text not null check ("md5" ~ '^[0-9a-f]{32}$'),
      "size" bigint not null check ("size" >= 0),
      "created_at" timestamptz not null
    )`);
  }
}
