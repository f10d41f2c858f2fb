/** A tool argument the call cannot be made with; the message is written for the caller. */
export class ArgumentError extends Error {
  override name = 'ArgumentError';
}
