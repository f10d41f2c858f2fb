/**
 * The DDEX ERN choreography for SFTP/cloud delivery (ERN-C SFTP 1.7), whose messages are the
 * batch's ManifestMessage (BatchComplete file) and the store's ErnAcknowledgementStatusMessage.
 */
export const ERN_CHOREOGRAPHY_NAMESPACE = 'http://ddex.net/xml/ern-c-sftp/17';
export const ERN_CHOREOGRAPHY_VERSION = 'ern-c-sftp/17';
