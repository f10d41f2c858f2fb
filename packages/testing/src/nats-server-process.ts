import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

/** The nats-server binary the bring-up installed. */
export const natsServerBinary = (): string => {
  const found = spawnSync('sh', ['-c', 'command -v nats-server || ls /usr/sbin/nats-server'], { encoding: 'utf8' }).stdout.trim().split('\n')[0];
  if (!found) throw new Error('nats-server is not installed (the bring-up installs it: npm start or npm test once)');
  return found;
};

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => socket.end(() => resolve(true)));
    socket.once('error', () => resolve(false));
  });

const STOP_GRACE_MS = 10_000;

/** Stops a server: SIGTERM, then SIGKILL if it has not exited within the grace. */
export const stopNatsServer = async (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> => {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = signal === 'SIGKILL' ? undefined : setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
  await exited;
  clearTimeout(timer);
};

/**
 * A nats-server of the caller's own (`args`: its configuration file and any flags), started and
 * waited for until it accepts connections on 127.0.0.1:`port`. Should it exit first or not listen
 * within `timeoutMs`, it is stopped and the start fails.
 */
export const spawnNatsServer = async (args: string[], port: number, timeoutMs = 30_000): Promise<ChildProcess> => {
  const child = spawn(natsServerBinary(), args, { stdio: 'ignore' });
  const deadline = Date.now() + timeoutMs;
  try {
    while (!(await accepts(port))) {
      if (child.exitCode !== null) throw new Error(`nats-server exited (${child.exitCode}) before it listened on ${port}`);
      if (Date.now() > deadline) throw new Error(`nats-server did not listen on ${port} within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (error) {
    await stopNatsServer(child);
    throw error;
  }
  return child;
};
