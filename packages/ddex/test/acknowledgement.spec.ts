import {
  ErnAcknowledgementError,
  MAX_ACKNOWLEDGEMENT_BYTES,
  acknowledgementFileName,
  buildErnAcknowledgement,
  buildErn43,
  parseAcknowledgementFileName,
  parseErnAcknowledgement,
  type ErnAcknowledgementInput,
} from '../src/index.ts';
import { makeInput, PLATFORM, STORE } from './support/release-factory.ts';

const ackInput = (releases: ErnAcknowledgementInput['releases']): ErnAcknowledgementInput => ({
  message_id: 'ACK-77',
  created_at: '2025-05-21T08:30:00Z',
  sender: STORE,
  recipient: PLATFORM,
  releases,
});

/** A hand-written acknowledgement around the given ReleaseStatus blocks, with a namespace prefix. */
const handWritten = (releaseStatuses: string): string => `<?xml version="1.0" encoding="UTF-8"?>
<ns2:ErnAcknowledgementStatusMessage xmlns:ns2="http://ddex.net/xml/ern-c-sftp/17">
  <MessageHeader><MessageId>STORE-1</MessageId><MessageCreatedDateTime>2025-05-21T09:00:00Z</MessageCreatedDateTime></MessageHeader>
  ${releaseStatuses}
</ns2:ErnAcknowledgementStatusMessage>`;

const statusBlock = (releaseStatus: string, fileStatus: string) =>
  `<ReleaseStatus><ReleaseId><ICPN>0602445123456</ICPN></ReleaseId>${releaseStatus}<Acknowledgement><MessageType>NewReleaseMessage</MessageType><MessageId>MSG-1</MessageId><MessageStatus><Status>${fileStatus}</Status></MessageStatus></Acknowledgement></ReleaseStatus>`;

describe('ERN acknowledgements', () => {
  it('reads back what the simulated store writes', () => {
    const xml = buildErnAcknowledgement(
      ackInput([
        { release_id: '0602445123456', acknowledged_message_id: 'MSG-1', status: 'accepted' },
        { release_id: '0602445999999', acknowledged_message_id: 'MSG-2', status: 'rejected', error_text: 'Cover art < 1400px & "blurry"' },
        { release_id: '0000000000017', acknowledged_message_id: 'MSG-3', status: 'taken_down' },
        { release_id: '0000000000024', acknowledged_message_id: 'MSG-4', status: 'live' },
        { release_id: '0000000000031', acknowledged_message_id: 'MSG-5', status: 'updated' },
      ]),
    );
    expect(parseErnAcknowledgement(xml)).toEqual({
      message_id: 'ACK-77',
      created_at: '2025-05-21T08:30:00Z',
      releases: [
        { release_id: '0602445123456', acknowledged_message_id: 'MSG-1', status: 'accepted', error_text: null },
        { release_id: '0602445999999', acknowledged_message_id: 'MSG-2', status: 'rejected', error_text: 'Cover art < 1400px & "blurry"' },
        { release_id: '0000000000017', acknowledged_message_id: 'MSG-3', status: 'taken_down', error_text: null },
        { release_id: '0000000000024', acknowledged_message_id: 'MSG-4', status: 'live', error_text: null },
        { release_id: '0000000000031', acknowledged_message_id: 'MSG-5', status: 'updated', error_text: null },
      ],
    });
  });

  it.each([
    ['<ReleaseStatus>Accepted</ReleaseStatus>', 'FileOK', 'accepted'],
    ['', 'FileOK', 'accepted'],
    ['', 'ProcessedOK', 'accepted'],
    ['<ReleaseStatus>SuccessfullyIngestedByReleaseDistributor</ReleaseStatus>', 'FileOK', 'accepted'],
    ['<ReleaseStatus>Published</ReleaseStatus>', 'FileOK', 'live'],
    ['<ReleaseStatus>LIVE</ReleaseStatus>', 'FileOK', 'live'],
    ['<ReleaseStatus>Updated</ReleaseStatus>', 'FileOK', 'updated'],
    ['<ReleaseStatus>Taken Down</ReleaseStatus>', 'FileOK', 'taken_down'],
    ['<ReleaseStatus>ProcessingErrorAtReleaseDistributor</ReleaseStatus>', 'FileOK', 'rejected'],
    ['<ReleaseStatus>Live</ReleaseStatus>', 'FileNotOK', 'rejected'],
    ['', 'Error', 'rejected'],
    ['<ReleaseStatus Namespace="X" UserDefinedValue="Rejected">UserDefined</ReleaseStatus>', 'FileOK', 'rejected'],
  ])('reads %p with file status %p as %p', (releaseStatus, fileStatus, expected) => {
    expect(parseErnAcknowledgement(handWritten(statusBlock(releaseStatus, fileStatus))).releases[0]?.status).toBe(expected);
  });

  it('reads the release id, message id and error text of a hand-written message in another namespace', () => {
    const parsed = parseErnAcknowledgement(
      handWritten(
        `<ReleaseStatus><ReleaseId><ICPN>0602445123456</ICPN></ReleaseId><ErrorText>Bad &amp; wrong &#233;</ErrorText><Acknowledgement><MessageId>MSG-9</MessageId><MessageStatus><Status>FileNotOK</Status></MessageStatus></Acknowledgement></ReleaseStatus>`,
      ),
    );
    expect(parsed).toEqual({
      message_id: 'STORE-1',
      created_at: '2025-05-21T09:00:00Z',
      releases: [{ release_id: '0602445123456', acknowledged_message_id: 'MSG-9', status: 'rejected', error_text: 'Bad & wrong é' }],
    });
  });

  it('refuses a DOCTYPE, so no entity can be expanded', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE ErnAcknowledgementStatusMessage [<!ENTITY x "expanded"><!ENTITY big "&x;&x;&x;&x;">]>
<ErnAcknowledgementStatusMessage><MessageHeader><MessageId>&big;</MessageId></MessageHeader></ErnAcknowledgementStatusMessage>`;
    expect(() => parseErnAcknowledgement(xml)).toThrow(ErnAcknowledgementError);
    expect(() => parseErnAcknowledgement(xml)).toThrow(/DOCTYPE/);
  });

  it('leaves an undeclared entity unexpanded rather than resolving it', () => {
    const parsed = parseErnAcknowledgement(
      handWritten(`<ReleaseStatus><ReleaseId><ICPN>1</ICPN></ReleaseId><ErrorText>&secret;</ErrorText><Acknowledgement><MessageStatus><Status>FileNotOK</Status></MessageStatus></Acknowledgement></ReleaseStatus>`),
    );
    expect(parsed.releases[0]?.error_text).toBe('&secret;');
  });

  it('refuses another message type, such as a NewReleaseMessage', () => {
    expect(() => parseErnAcknowledgement(buildErn43(makeInput()))).toThrow(/Expected an ErnAcknowledgementStatusMessage, found <NewReleaseMessage>/);
  });

  it('refuses malformed XML and oversized input', () => {
    expect(() => parseErnAcknowledgement('<ErnAcknowledgementStatusMessage><MessageHeader>')).toThrow(/not well-formed/);
    const padding = ' '.repeat(MAX_ACKNOWLEDGEMENT_BYTES);
    expect(() => parseErnAcknowledgement(handWritten(padding))).toThrow(/larger than/);
  });

  it('refuses a status it cannot read, and a release without an id', () => {
    expect(() => parseErnAcknowledgement(handWritten(statusBlock('<ReleaseStatus>Pondering</ReleaseStatus>', 'Thinking')))).toThrow(
      /unknown status "Pondering", "Thinking"/,
    );
    expect(() => parseErnAcknowledgement(handWritten('<ReleaseStatus><ReleaseStatus>Live</ReleaseStatus></ReleaseStatus>'))).toThrow(/names no release/);
  });

  it('names acknowledgement files ACK_<time>_<ReleaseId>.xml and reads such names back', () => {
    const name = acknowledgementFileName('2025-05-21T08:30:00.123Z', '0602445123456');
    expect(name).toBe('ACK_20250521083000123_0602445123456.xml');
    expect(parseAcknowledgementFileName(name)).toEqual({ timestamp: '20250521083000123', release_id: '0602445123456' });
    expect(parseAcknowledgementFileName('0602445123456.xml')).toBeNull();
  });
});
