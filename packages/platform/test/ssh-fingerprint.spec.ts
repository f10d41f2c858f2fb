import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { pinnedHostKey, sshKeyFingerprint, sshPublicKeyLineFingerprint } from '../src/crypto/ssh-fingerprint.ts';

const run = promisify(execFile);

/* The fingerprints the SFTP clients pin are the ones an operator reads from `ssh-keygen -l`. */
describe('SSH key fingerprints', () => {
  let dir: string;
  let publicLine: string;
  let printed: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sv-fingerprint-'));
    await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', join(dir, 'key')]);
    publicLine = await readFile(join(dir, 'key.pub'), 'utf8');
    printed = (await run('ssh-keygen', ['-l', '-E', 'sha256', '-f', join(dir, 'key.pub')])).stdout.split(/\s+/)[1]!;
  });

  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('matches what ssh-keygen -l prints, from the key line and from the key blob', () => {
    expect(sshPublicKeyLineFingerprint(publicLine)).toBe(printed);
    expect(sshKeyFingerprint(Buffer.from(publicLine.split(' ')[1]!, 'base64'))).toBe(printed);
  });

  it('accepts only the pinned host key, with or without base64 padding, and pins nothing when unset', () => {
    const blob = Buffer.from(publicLine.split(' ')[1]!, 'base64');
    expect(pinnedHostKey(printed).hostVerifier?.(blob)).toBe(true);
    expect(pinnedHostKey(`${printed}=`).hostVerifier?.(blob)).toBe(true);
    expect(pinnedHostKey(printed).hostVerifier?.(Buffer.from('another key'))).toBe(false);
    expect(pinnedHostKey(null)).toEqual({});
  });
});
