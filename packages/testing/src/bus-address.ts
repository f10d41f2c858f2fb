import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The file where the bring-up (tools/dev/lib.sh) records the address of the platform's NATS
 * server: 4222 when that port was free or already the platform's, else the free port it chose
 * beside a server it does not own. One `SV_NATS_URL=<url>` line.
 */
export const NATS_ADDRESS_RECORD = fileURLToPath(new URL('../../../var/nats.env', import.meta.url));

/** The recorded address, or undefined when the bring-up has recorded none (or the file is unreadable). */
export const recordedNatsUrl = (record: string = NATS_ADDRESS_RECORD): string | undefined => {
  try {
    const line = readFileSync(record, 'utf8')
      .split('\n')
      .find((candidate) => candidate.startsWith('SV_NATS_URL='));
    const url = line?.slice('SV_NATS_URL='.length).trim();
    return url || undefined;
  } catch {
    return undefined;
  }
};
