import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError, type Logger } from '@sv/platform';
import pg from 'pg';
import { loadReportFile, type ReportLoadDeps } from './report-load.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const LOADED_FOLDER = 'loaded';
export const FAILED_FOLDER = 'failed';

/**
 * Whether a load failed for the file's own content: refused by the reader (422), or holding data
 * Postgres rejects (SQLSTATE class 22, data exception). Anything else (the database or catalogue
 * away) is not the file's fault.
 */
const isFileFault = (error: unknown): error is Error =>
  (error instanceof DomainError && error.kind === 'validation') ||
  (error instanceof pg.DatabaseError && typeof error.code === 'string' && error.code.startsWith('22'));

/** Files still being written are hidden (`.name`) or partial (`name.part`) until renamed into place. */
const isReady = (name: string): boolean => !name.startsWith('.') && !name.endsWith('.part');

export interface DropFolderRun {
  loaded: number;
  failed: number;
  /** Files left for the next pass: their load failed for a reason other than their content. */
  retried: number;
}

/**
 * One pass over the drop folder: every file in `<dir>/<tenant uuid>/` is loaded for that tenant
 * (in name order, so dated names load oldest first), then moved to `loaded/`; a file the load
 * refuses goes to `failed/` with `<name>.error.txt` beside it saying why. Any other failure (the
 * database, the catalogue) leaves the file where it is for the next pass. Either way the pass
 * carries on with the other files: one file never holds up the rest.
 */
export const loadDropFolder = async (deps: ReportLoadDeps & { logger: Logger }, dir: string): Promise<DropFolderRun> => {
  const run: DropFolderRun = { loaded: 0, failed: 0, retried: 0 };
  const tenants = (await readdir(dir, { withFileTypes: true }).catch(() => [])).filter((entry) => entry.isDirectory() && UUID.test(entry.name));
  for (const tenant of tenants) {
    const folder = join(dir, tenant.name);
    const files = (await readdir(folder, { withFileTypes: true }))
      .filter((entry) => entry.isFile() && isReady(entry.name))
      .map((entry) => entry.name)
      .sort();
    for (const name of files) {
      const path = join(folder, name);
      try {
        const report = await loadReportFile(deps, tenant.name.toLowerCase(), { fileName: name, blobKey: null, open: async () => createReadStream(path) });
        await mkdir(join(folder, LOADED_FOLDER), { recursive: true });
        await rename(path, join(folder, LOADED_FOLDER, name));
        deps.logger.info({ tenant_id: tenant.name, file: name, report_id: report.uuid, rows: report.rows, ignored_records: report.ignored_records }, 'report file loaded from the drop folder');
        run.loaded += 1;
      } catch (error) {
        // Only the file's own fault sends it to failed/; the catalogue or database being away does not.
        if (!isFileFault(error)) {
          deps.logger.error({ tenant_id: tenant.name, file: name, err: error }, 'report file left in the drop folder for the next pass');
          run.retried += 1;
          continue;
        }
        await mkdir(join(folder, FAILED_FOLDER), { recursive: true });
        // The reason appears last, so whoever sees it finds the file beside it.
        const reason = join(folder, FAILED_FOLDER, `${name}.error.txt`);
        await writeFile(`${reason}.part`, `${error.message}\n`);
        await rename(path, join(folder, FAILED_FOLDER, name));
        await rename(`${reason}.part`, reason);
        deps.logger.warn({ tenant_id: tenant.name, file: name, err: error.message }, 'report file refused from the drop folder');
        run.failed += 1;
      }
    }
  }
  return run;
};
