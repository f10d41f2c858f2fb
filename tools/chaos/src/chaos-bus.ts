import type { ChildProcess } from 'node:child_process';
import { spawnNatsServer, stopNatsServer } from '@sv/testing/nats-server';

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

export const startChaosBus = async (configFile: string, port: number, log: (line: string) => void): Promise<ChaosBus> => {
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = await spawnNatsServer(['-c', configFile], port);
    log(`nats-server (pid ${child.pid}) listening on 127.0.0.1:${port}`);
  };
  const kill = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (running) await stopNatsServer(running, 'SIGKILL');
  };
  await start();
  return { url: `nats://127.0.0.1:${port}`, kill, start, stop: kill };
};
