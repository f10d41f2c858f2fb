import { Migration } from '@mikro-orm/migrations';
import { recordingCodeTablesSql } from '@sv/platform';

/** The catalogue's recording codes, kept here so a store report's lines are matched with one join. */
export class Migration20261210000600_recording_codes extends Migration {
  override name = 'Migration20261210000600_recording_codes';

  override up(): void {
    for (const sql of recordingCodeTablesSql('analytics')) this.addSql(sql);
  }
}
