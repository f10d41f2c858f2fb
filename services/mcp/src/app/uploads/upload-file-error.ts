/** The file of an upload tool could not be had; the message is written for the caller. */
export class UploadFileError extends Error {
  override name = 'UploadFileError';
}
