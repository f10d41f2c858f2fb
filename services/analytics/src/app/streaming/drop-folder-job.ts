import { startScheduledJob, type ScheduledJob, type ServiceRuntime } from '@sv/platform';
import type { AnalyticsContext } from '../../analytics-context.ts';
import { loadDropFolder } from './drop-folder.ts';

/**
 * The daily pick-up of report files dropped in the configured folder; leased, so one replica runs
 * it. Absent when no drop folder is configured.
 */
export const dropFolderJobs = (runtime: ServiceRuntime, context: AnalyticsContext): ScheduledJob[] => {
  const dropFolder = context.config.dropFolder;
  if (!dropFolder) return [];
  return [
    startScheduledJob({
      name: 'streaming-drop-folder',
      intervalMs: dropFolder.intervalMs,
      lease: { orm: runtime.orm },
      logger: runtime.logger,
      run: async () => {
        const run = await loadDropFolder({ orm: context.orm, catalogue: context.catalogue, logger: runtime.logger }, dropFolder.dir);
        if (run.loaded + run.failed + run.retried > 0) runtime.logger.info(run, 'drop folder read');
      },
    }),
  ];
};
