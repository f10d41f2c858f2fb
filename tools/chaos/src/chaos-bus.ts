import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';

/**
 * The fault run's own NATS server (JetStream on file storage, the platform's accounts and
 * permissions), so killing it touches nothing else on the machine. Its configuration and
 * credentials are written by the caller (writeLocalBus) into the run's own directory.
 */
export interface ChaosBus {
  url: string;
  /** SIGKILL: a crash, nothing flushed beyond what JetStream already wrote. */
  kill(): Promise<void>;
  /** Starts it again on the same port, store and configuration. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

const natsServerBinary = (): string => {
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

export const startChaosBus = async (configFile: string, port: number, log: (line: string) => void): Promise<ChaosBus> => {
  const binary = natsServerBinary();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn(binary, ['-c', configFile], { stdio: 'ignore' });
    const deadline = Date.now() + 30_000;
    while (!(await accepts(port))) {
      if (Date.now() > deadline) throw new Error(`the fault run's nats-server did not listen on ${port} within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    log(`nats-server (pid ${child.pid}) listening on 127.0.0.1:${port}`);
  };
  const kill = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  await start();
  return { url: `nats://127.0.0.1:${port}`, kill, start, stop: kill };
};
