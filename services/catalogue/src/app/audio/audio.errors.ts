import { AUDIO_UPLOAD_FIELD, Messages } from '@sv/contracts';
import { DomainError, ValidationError } from '@sv/platform';

/** The bytes are not one of the allowed audio formats, whatever the client claimed: 415. */
export class AudioTypeNotAllowedError extends DomainError {
  constructor(mime: string) {
    super('unsupported_media_type', Messages.fileTypeNotAllowed(mime, 'audio'), { code: 'audio.type_not_allowed' });
  }
}

/** The bytes start like an allowed format but cannot be read as audio: 422. */
export class AudioUnreadableError extends ValidationError {
  constructor(format: string) {
    const message = Messages.audioUnreadable(format);
    super({ [AUDIO_UPLOAD_FIELD]: [message] }, message);
  }
}

/** The request carries no audio file (the gateway normally answers this itself): 422. */
export class NoAudioFileError extends ValidationError {
  constructor() {
    super({ [AUDIO_UPLOAD_FIELD]: [Messages.noAudioFile] }, Messages.noAudioFile);
  }
}
