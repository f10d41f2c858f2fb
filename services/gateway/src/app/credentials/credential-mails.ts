/** The texts of the mails this feature sends. */

export const verificationCodeMail = (code: string, ttlMinutes: number) => ({
  subject: 'Your verification code',
  text:
    `Your verification code is ${code}.\n\n` +
    `It expires in ${ttlMinutes} minutes and works once. If you did not ask for it, you can ignore this message.\n`,
});

export const passwordResetMail = (token: string, ttlHours: number) => ({
  subject: 'Reset your password',
  text:
    'Someone asked to reset the password of your account. To choose a new one, send this reset token ' +
    'with your new password to POST /auth/reset-password:\n\n' +
    `Reset token: ${token}\n\n` +
    `The token expires in ${ttlHours} hours and works once. If you did not ask for it, ignore this message: ` +
    'your password stays as it is.\n',
});
