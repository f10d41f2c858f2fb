/**
 * SFTP status codes a server answers about one path (no such file, permission denied, failure):
 * that path's problem, which its delivery records and the poll carries on past, unlike a lost
 * connection, which ends the poll.
 */
const REASONS: Record<number, string> = { 2: 'it is no longer there', 3: 'permission denied', 4: 'the server refused it' };

export type PathRefusal = Error & { code: number };

export const isPathRefusal = (error: unknown): error is PathRefusal =>
  error instanceof Error && typeof (error as { code?: unknown }).code === 'number' && (error as PathRefusal).code in REASONS;

/** What a supplier reads in its report about a file the poller could not read. */
export const unreadable = (error: PathRefusal): string => `The file could not be read: ${REASONS[error.code]}.`;
