import { setTimeout as sleep } from 'node:timers/promises';
import type { NatsConnection } from '@nats-io/transport-node';
import { AnalyticsOperation, ReportLoadJobReply, apiSubject, type Principal, type ReportLoadJob } from '@sv/contracts';
import { DomainError, callService } from '@sv/platform';

/** Where the operator command shows a running load: one line updated in place on a terminal, else a line every few seconds. */
export interface AdminProgress {
  update(line: string): void;
  /** The load ended: a line updated in place is finished. */
  end(): void;
}

/** How often a running job is read. */
const POLL_MS = 1_000;
/** How long one read of the job may take. */
const READ_TIMEOUT_MS = 15_000;
/** Reads in a row that may fail (analytics restarting) before the command gives up; the job runs on. */
const READ_FAILURES_ALLOWED = 10;

const megabytes = (bytes: number): string => `${(bytes / 1024 ** 2).toFixed(1)} MB`;

const duration = (seconds: number): string =>
  seconds < 60 ? `${seconds} s` : seconds < 3600 ? `${Math.floor(seconds / 60)} min ${seconds % 60} s` : `${Math.floor(seconds / 3600)} h ${Math.floor((seconds % 3600) / 60)} min`;

/** One line of a job's progress: `running (reading): 12.0 MB of 40.0 MB (30.0%), 120000 rows, about 25 s left`. */
export const progressLine = (job: ReportLoadJob): string => {
  const { progress } = job;
  const bytes = progress.bytes_total === null ? megabytes(progress.bytes_read) : `${megabytes(progress.bytes_read)} of ${megabytes(progress.bytes_total)}`;
  const parts = [
    `${job.status}${progress.phase ? ` (${progress.phase})` : ''}: ${bytes}${progress.percent === null ? '' : ` (${progress.percent}%)`}`,
    `${progress.rows_read} rows`,
    ...(progress.rows_matched === null ? [] : [`${progress.rows_matched} matched`]),
    ...(progress.eta_seconds === null || progress.phase !== 'reading' ? [] : [`about ${duration(progress.eta_seconds)} left to read`]),
  ];
  return `analytics load ${job.uuid} ${parts.join(', ')}`;
};

/** Reads the job until it ends, showing its progress; answers the ended job. */
export const followReportLoad = async (
  nc: NatsConnection,
  subjectPrefix: string,
  principal: Principal,
  queued: ReportLoadJob,
  progress: AdminProgress | undefined,
): Promise<ReportLoadJob> => {
  let job = queued;
  let failures = 0;
  try {
    while (job.status === 'queued' || job.status === 'running') {
      progress?.update(progressLine(job));
      await sleep(POLL_MS);
      try {
        const reply = await callService(nc, apiSubject(subjectPrefix, 'analytics'), { operation: AnalyticsOperation.streamingLoadJob, body: { job_id: job.uuid }, principal }, READ_TIMEOUT_MS);
        if (reply.status !== 200) throw new DomainError('bad_request', (reply.body as { error?: string } | undefined)?.error ?? `analytics answered ${reply.status}`);
        job = ReportLoadJobReply.parse(reply.body).job;
        failures = 0;
      } catch (error) {
        failures += 1;
        if (failures > READ_FAILURES_ALLOWED) throw error;
      }
    }
    progress?.update(progressLine(job));
    return job;
  } finally {
    progress?.end();
  }
};

/** The progress of a one-shot command, on stderr: stdout keeps its one JSON document. */
export const stderrProgress = (stream: NodeJS.WriteStream = process.stderr, everyMs = 5_000): AdminProgress => {
  let shown = '';
  let shownAt = 0;
  let open = false;
  return {
    update(line) {
      if (stream.isTTY) {
        stream.write(`\r\x1b[2K${line}`);
        open = true;
        return;
      }
      // Not a terminal (a log): a line when something other than the numbers changed, else every few seconds.
      const head = line.slice(0, line.indexOf(':'));
      const now = Date.now();
      if (head === shown && now - shownAt < everyMs) return;
      shown = head;
      shownAt = now;
      stream.write(`${line}\n`);
    },
    end() {
      if (open) stream.write('\n');
      open = false;
    },
  };
};
