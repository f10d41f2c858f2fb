import { Socket } from 'node:net';

/** One call of setNoDelay on a socket of this process: to which port, what it asked, and whether the socket was connected then. */
export interface NoDelayAsked {
  port: number | undefined;
  noDelay: boolean | undefined;
  connected: boolean;
}

/**
 * Notes every setNoDelay this process asks of its sockets while `run` runs (the sockets are still
 * set as asked), then puts setNoDelay back. `run` gets the list as it grows, so it can check it
 * while its connection is open.
 */
export const watchingNoDelay = async <T>(run: (asked: readonly NoDelayAsked[]) => Promise<T>): Promise<T> => {
  const asked: NoDelayAsked[] = [];
  const original = Socket.prototype.setNoDelay;
  Socket.prototype.setNoDelay = function (this: Socket, noDelay?: boolean) {
    asked.push({ port: this.remotePort, noDelay, connected: !this.connecting });
    return original.call(this, noDelay);
  };
  try {
    return await run(asked);
  } finally {
    Socket.prototype.setNoDelay = original;
  }
};
