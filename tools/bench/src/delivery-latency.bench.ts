/**
 * Delivery latency benchmark: on a whole platform (gateway, catalogue, supply-chain, webhooks,
 * delivery, a real SFTP server and a real webhook receiver), approves N releases of one 4-second
 * 24-bit WAV and a 3000x3000 cover, one after another, and times for each:
 *
 *   approve → QC run queued (release.qc_pending reaches delivery)
 *   QC run queued → QC finished (the QC work: snapshot, ffmpeg, artwork, the catalogue's verdict)
 *   approve → release.dsp.<slug>.submitted received by the webhook receiver (the whole path)
 *
 * and prints the medians, with the whole path less the QC work ("beyond QC").
 * Needs Postgres, NATS, ffmpeg and OpenSSH as the tests do (`npm test` installs them).
 */
import { parseArgs } from 'node:util';
import { makeRelease, poll, startDeliveryWorld, startReceiver, submitAndApprove } from '@sv/testing';

const { values } = parseArgs({ options: { releases: { type: 'string', default: '5' }, store: { type: 'string', default: 'spotify' } } });
const releases = Math.max(1, Number(values.releases));
const store = String(values.store);

const median = (list: number[]): number => {
  const sorted = [...list].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const progress = (text: string) => process.stderr.write(`${text}\n`);

progress('starting the platform…');
const world = await startDeliveryWorld();
const receiver = await startReceiver({ ok: () => ({ status: 200 }) });
const submittedAt = new Map<string, number>();
const seen = receiver.received;
const watch = setInterval(() => {
  for (const request of seen.splice(0)) {
    const event = JSON.parse(request.raw) as { type: string; data: { release_id: string } };
    if (event.type === `release.dsp.${store}.submitted`) submittedAt.set(event.data.release_id, Date.now());
  }
}, 5);

try {
  const { api, artistId } = await world.label('bench');
  const hook = await api('/v1/webhooks', { body: { name: 'bench', url: receiver.url('/ok/bench'), events: [`release.dsp.${store}.submitted`] } });
  if (hook.status !== 201) throw new Error(`webhook create: ${hook.status} ${hook.text}`);

  const rows: { total: number; toQc: number; qc: number; beyond: number }[] = [];
  for (let index = 1; index <= releases; index++) {
    const { releaseId } = await makeRelease(world, api, artistId, { title: `Bench ${index}` });
    const approvedAt = Date.now();
    await submitAndApprove(api, releaseId, [store]);
    await poll(`release ${index} submitted to ${store}`, () => submittedAt.get(releaseId), 120_000);
    const total = (submittedAt.get(releaseId) ?? 0) - approvedAt;
    const { rows: [run] } = await world.db.query<{ queued: Date; finished: Date }>(
      `select "created_at" as "queued", "finished_at" as "finished" from "delivery"."qc_run" where "release_id" = $1`,
      [releaseId],
    );
    const toQc = run ? run.queued.getTime() - approvedAt : 0;
    const qc = run ? run.finished.getTime() - run.queued.getTime() : 0;
    rows.push({ total, toQc, qc, beyond: total - qc });
    progress(`release ${index}: approve → submitted ${(total / 1000).toFixed(2)} s (QC ${(qc / 1000).toFixed(2)} s)`);
  }
  const figures = {
    releases,
    store,
    median_approve_to_submitted_s: median(rows.map((row) => row.total)) / 1000,
    median_qc_work_s: median(rows.map((row) => row.qc)) / 1000,
    median_beyond_qc_s: median(rows.map((row) => row.beyond)) / 1000,
    median_approve_to_qc_start_s: median(rows.map((row) => row.toQc)) / 1000,
  };
  process.stdout.write(
    [
      `approve → release.dsp.${store}.submitted at the webhook receiver (${releases} releases, medians)`,
      `  whole path        ${figures.median_approve_to_submitted_s.toFixed(2)} s`,
      `  QC work           ${figures.median_qc_work_s.toFixed(2)} s`,
      `  beyond QC         ${figures.median_beyond_qc_s.toFixed(2)} s`,
      `  (approve → QC start ${figures.median_approve_to_qc_start_s.toFixed(2)} s, included above)`,
      JSON.stringify(figures),
    ].join('\n') + '\n',
  );
} finally {
  clearInterval(watch);
  await receiver.close();
  await world.stop();
}
