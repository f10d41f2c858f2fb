import { XMLParser } from 'fast-xml-parser';
import { batchCompleteFileName, buildBatchComplete, type BatchCompleteInput } from '../src/index.ts';
import { PLATFORM, STORE } from './support/release-factory.ts';

const input: BatchCompleteInput = {
  created_at: '2025-05-20T12:05:00Z',
  sender: PLATFORM,
  recipient: STORE,
  test: false,
  messages: [
    { message_id: 'MSG-1', kind: 'new', release_id: '0602445123456', url: '0602445123456/0602445123456.xml', md5: 'AB'.repeat(16) },
    { message_id: 'MSG-2', kind: 'takedown', release_id: '0602445999999', url: '0602445999999/0602445999999.xml', md5: 'cd'.repeat(16) },
  ],
};

const parse = (xml: string) =>
  new XMLParser({ removeNSPrefix: true, parseTagValue: false, isArray: (name) => name === 'MessageInBatch' }).parse(xml).ManifestMessage;

describe('the BatchComplete file', () => {
  it('is named BatchComplete_<BatchId>.xml', () => {
    expect(batchCompleteFileName('20250520120500000')).toBe('BatchComplete_20250520120500000.xml');
  });

  it('lists every message of the batch with its release, delivery type and MD5', () => {
    const xml = buildBatchComplete('20250520120500000', input);
    expect(xml).toContain('<echo:ManifestMessage xmlns:echo="http://ddex.net/xml/ern-c-sftp/17" MessageVersionId="ern-c-sftp/17">');
    const manifest = parse(xml);
    expect(manifest.MessageHeader.MessageSender.PartyId).toBe(PLATFORM.party_id);
    expect(manifest.MessageHeader.MessageRecipient.PartyId).toBe(STORE.party_id);
    expect(manifest.MessageHeader.MessageCreatedDateTime).toBe('2025-05-20T12:05:00Z');
    expect(manifest.IsTestFlag).toBe('false');
    expect(manifest.RootDirectory).toBe('20250520120500000');
    expect(manifest.NumberOfMessages).toBe('2');
    expect(manifest.MessageInBatch).toEqual([
      {
        MessageType: 'NewReleaseMessage',
        MessageId: 'MSG-1',
        URL: '0602445123456/0602445123456.xml',
        IncludedReleaseId: { ICPN: '0602445123456' },
        DeliveryType: 'NewReleaseDelivery',
        ProductType: 'AudioProduct',
        HashSum: { HashSum: 'ab'.repeat(16), HashSumAlgorithmType: 'MD5' },
      },
      {
        MessageType: 'NewReleaseMessage',
        MessageId: 'MSG-2',
        URL: '0602445999999/0602445999999.xml',
        IncludedReleaseId: { ICPN: '0602445999999' },
        DeliveryType: 'TakeDown',
        ProductType: 'AudioProduct',
        HashSum: { HashSum: 'cd'.repeat(16), HashSumAlgorithmType: 'MD5' },
      },
    ]);
  });

  it('flags a sandbox batch as a test and refuses an empty batch', () => {
    expect(parse(buildBatchComplete('B1', { ...input, test: true })).IsTestFlag).toBe('true');
    expect(() => buildBatchComplete('B2', { ...input, messages: [] })).toThrow(/no messages/);
  });
});
