import { Migration } from '@mikro-orm/migrations';

/**
 * A sales report's rows without a foreign key to their report. The key was checked once per row
 * inserted (a lookup of the report's row each time), the largest single cost of loading a report of
 * a million lines. Only the report load writes these rows, in the transaction that creates their
 * report, and a report is never deleted; the rows still go with their report through that one writer.
 */
export class Migration20261202001200_sales_report_row_load extends Migration {
  override name = 'Migration20261202001200_sales_report_row_load';

  override up(): void {
    this.addSql(`alter table "royalties"."sales_report_row" drop constraint if exists "sales_report_row_report_id_fkey"`);
  }
}
