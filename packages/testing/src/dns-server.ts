import { createSocket, type RemoteInfo } from 'node:dgram';
import type { AddressInfo } from 'node:net';

/*
 * A tiny authoritative DNS server on 127.0.0.1 (UDP) for tests: it answers TXT questions from a
 * table the test fills, NXDOMAIN for names it does not hold. Just enough of RFC 1035 for a
 * resolver looking up one TXT record; no recursion, no compression beyond the question pointer.
 */

const TYPE_TXT = 16;
const CLASS_IN = 1;
const HEADER_BYTES = 12;
const RCODE_NXDOMAIN = 3;
/** A character-string holds at most 255 bytes; a longer TXT value is sent as several. */
const MAX_STRING_BYTES = 255;

export interface DnsServer {
  /** `127.0.0.1:<port>`, as SV_DNS_RESOLVERS takes it. */
  address: string;
  /** Sets the TXT records of `name` (each value one record); an empty list removes the name. */
  setTxt(name: string, values: string[]): void;
  /** Names asked for, in order (lower case, no trailing dot). */
  readonly queries: string[];
  close(): Promise<void>;
}

const normalise = (name: string): string => name.toLowerCase().replace(/\.$/, '');

/** The question's name and type, and where the question section ends. */
const readQuestion = (query: Buffer): { name: string; type: number; end: number } | null => {
  const labels: string[] = [];
  let offset = HEADER_BYTES;
  while (offset < query.length) {
    const length = query[offset] ?? 0;
    if (length === 0) {
      if (offset + 5 > query.length) return null;
      return { name: labels.join('.'), type: query.readUInt16BE(offset + 1), end: offset + 5 };
    }
    if (length > 63) return null; // a pointer or a reserved form: never in a resolver's question
    labels.push(query.toString('latin1', offset + 1, offset + 1 + length));
    offset += 1 + length;
  }
  return null;
};

const txtRecord = (value: string): Buffer => {
  const bytes = Buffer.from(value, 'utf8');
  const strings: Buffer[] = [];
  for (let start = 0; start < bytes.length || strings.length === 0; start += MAX_STRING_BYTES) {
    const chunk = bytes.subarray(start, start + MAX_STRING_BYTES);
    strings.push(Buffer.concat([Buffer.from([chunk.length]), chunk]));
  }
  const rdata = Buffer.concat(strings);
  const fixed = Buffer.alloc(12);
  fixed.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
  fixed.writeUInt16BE(TYPE_TXT, 2);
  fixed.writeUInt16BE(CLASS_IN, 4);
  fixed.writeUInt32BE(0, 6); // TTL 0: a test's change is seen at once
  fixed.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([fixed, rdata]);
};

const answer = (query: Buffer, records: ReadonlyMap<string, string[]>, asked: string[]): Buffer | null => {
  if (query.length < HEADER_BYTES) return null;
  const question = readQuestion(query);
  if (!question) return null;
  const name = normalise(question.name);
  asked.push(name);
  const values = records.get(name);
  const answers = values && question.type === TYPE_TXT ? values.map(txtRecord) : [];
  const header = Buffer.alloc(HEADER_BYTES);
  header.writeUInt16BE(query.readUInt16BE(0), 0); // the id
  const recursionDesired = query.readUInt16BE(2) & 0x0100;
  // Response, authoritative, recursion desired echoed; NXDOMAIN for a name it does not hold.
  header.writeUInt16BE(0x8000 | 0x0400 | recursionDesired | (values ? 0 : RCODE_NXDOMAIN), 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  return Buffer.concat([header, query.subarray(HEADER_BYTES, question.end), ...answers]);
};

export const startDnsServer = async (): Promise<DnsServer> => {
  const records = new Map<string, string[]>();
  const queries: string[] = [];
  const socket = createSocket('udp4');
  socket.on('message', (query: Buffer, from: RemoteInfo) => {
    const reply = answer(query, records, queries);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => resolve());
  });
  const { port } = socket.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    setTxt(name, values) {
      if (values.length === 0) records.delete(normalise(name));
      else records.set(normalise(name), [...values]);
    },
    queries,
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
};
