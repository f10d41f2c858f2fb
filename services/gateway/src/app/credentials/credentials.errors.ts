import { Messages } from '@sv/contracts';
import { ValidationError } from '@sv/platform';

export class InvalidOtpError extends ValidationError {
  constructor() {
    super({ code: [Messages.invalidOtp] }, Messages.invalidOtp);
  }
}

export class InvalidResetTokenError extends ValidationError {
  constructor() {
    super({ token: [Messages.invalidResetToken] }, Messages.invalidResetToken);
  }
}

export class CurrentPasswordIncorrectError extends ValidationError {
  constructor() {
    super({ current_password: [Messages.currentPasswordIncorrect] }, Messages.currentPasswordIncorrect);
  }
}
