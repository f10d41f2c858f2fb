import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  DDEX_VALIDATE_TIMEOUT_MS,
  DdexValidationReply,
  IngestionOperation,
  UPLOAD_MAX_MEGABYTES,
  systemPrincipal,
} from '@sv/contracts';
import { DomainError, parseOrThrow } from '@sv/platform';
import { z } from 'zod';
import type { AdminCommand } from './admin-commands.ts';

/*
 * `ddex validate --file FILE`: the answer of POST /ddex/validate for a message on the operator's
 * disk, asked of the ingestion service over the bus. Nothing is stored: the message rides the
 * request itself. The command fails (exit non-zero) when the message is not valid, so a script
 * can gate on it.
 */

/** The nil UUID: validation acts for no tenant. */
const NO_TENANT = '00000000-0000-0000-0000-000000000000';

/** The ceiling of a DDEX upload, the same for the command as for the API. */
const MAX_BYTES = UPLOAD_MAX_MEGABYTES.document * 1024 * 1024;

const DdexValidateFlags = z.object({
  file: z.string().min(1).describe('the ERN message (NewReleaseMessage or PurgeReleaseMessage, 3.8.2, 4.2 or 4.3) to validate'),
});

type Report = z.infer<typeof DdexValidationReply>;

/** What a terminal shows: the verdict, then one line per problem. */
const display = (report: Report): string => {
  const profile = report.profile === null ? 'no release profile' : `profile ${report.profile}${report.profile_checked ? '' : ' (not checked)'}`;
  const lines = [`${report.message_type} ERN ${report.ern_version}, ${profile}: ${report.valid ? 'valid' : 'NOT valid'}`];
  for (const error of report.xsd_errors) {
    lines.push(`  schema${error.line === null ? '' : ` line ${error.line}`}${error.location ? ` ${error.location}` : ''}: ${error.message}`);
  }
  for (const finding of report.findings) lines.push(`  rule ${finding.rule} (${finding.severity}) ${finding.location}: ${finding.message}`);
  return lines.join('\n');
};

const problemOf = (report: Report): string | undefined => {
  if (report.valid) return undefined;
  const blocking = report.findings.filter((finding) => finding.severity !== 'warning').length;
  return `The message is not valid: ${report.xsd_errors.length} schema error(s), ${blocking} release-profile finding(s) of severity fatal or error.`;
};

export const ddexValidateCommand: AdminCommand = {
  summary: 'Validates a DDEX ERN message as POST /ddex/validate does (schema, release profile) and prints the report; nothing is stored.',
  flags: DdexValidateFlags,
  example: 'ddex validate --file delivery/0602445123456.xml',
  run: async ({ ask }, flags) => {
    const input = parseOrThrow(DdexValidateFlags, flags);
    const path = resolve(input.file);
    const file = await stat(path).catch(() => undefined);
    if (!file?.isFile()) throw new DomainError('bad_request', `--file: ${input.file} is not a readable file.`);
    if (file.size > MAX_BYTES) throw new DomainError('payload_too_large', `--file: ${input.file} is larger than ${UPLOAD_MAX_MEGABYTES.document} MB.`);
    const reply = await ask(
      'ingestion',
      { operation: IngestionOperation.ddexValidate, body: { ddex_xml: await readFile(path, 'utf8') }, principal: systemPrincipal(NO_TENANT, 'admin') },
      DDEX_VALIDATE_TIMEOUT_MS,
    );
    if (reply.status !== 200) {
      const body = reply.body as { error?: string } | undefined;
      throw new DomainError(reply.status === 422 ? 'validation' : 'bad_request', body?.error ?? `ingestion answered ${reply.status}`);
    }
    const report = DdexValidationReply.parse(reply.body);
    return { result: report, text: display(report), problem: problemOf(report) };
  },
};
