import { readConfig } from '../src/config.ts';

/** What every deployed service needs besides its own settings. */
const DEPLOYED = { SV_NATS_CREDENTIALS: '/etc/sv/nats/analytics.creds', SV_BLOB_SIGNING_SECRET: 'a-deployment-secret-of-at-least-32-bytes' };

describe('analytics configuration: SV_REPORT_JOB_RETENTION_DAYS', () => {
  it('keeps finished report jobs 30 days unless told otherwise', () => {
    expect(readConfig(DEPLOYED).loadJobs.retentionDays).toBe(30);
  });

  it('reads the number of days from the variable', () => {
    expect(readConfig({ ...DEPLOYED, SV_REPORT_JOB_RETENTION_DAYS: '7' }).loadJobs.retentionDays).toBe(7);
    expect(readConfig({ ...DEPLOYED, SV_REPORT_JOB_RETENTION_DAYS: '3650' }).loadJobs.retentionDays).toBe(3650);
  });

  it('refuses 0, more than ten years and a number that is not whole, naming the variable', () => {
    expect(() => readConfig({ ...DEPLOYED, SV_REPORT_JOB_RETENTION_DAYS: '0' })).toThrow(/SV_REPORT_JOB_RETENTION_DAYS: /);
    expect(() => readConfig({ ...DEPLOYED, SV_REPORT_JOB_RETENTION_DAYS: '3651' })).toThrow(/SV_REPORT_JOB_RETENTION_DAYS: /);
    expect(() => readConfig({ ...DEPLOYED, SV_REPORT_JOB_RETENTION_DAYS: '1.5' })).toThrow(/SV_REPORT_JOB_RETENTION_DAYS: /);
    expect(() => readConfig({ ...DEPLOYED, SV_REPORT_JOB_RETENTION_DAYS: 'thirty' })).toThrow(/SV_REPORT_JOB_RETENTION_DAYS: /);
  });
});
