import type { mail as source } from '../de_sie/mail';

export const mail: Record<keyof typeof source, string> = {
  'mail.greeting': 'Hello {name},',
  'mail.signature': 'Your Kontor team',
  'mail.ignore': 'If you did not request this e-mail, you can ignore it.',
  'mail.activationSubject': 'Please confirm your e-mail address',
  'mail.activationText':
    'thank you for signing up. Please confirm your e-mail address with the link below. The link is valid for 7 days.',
  'mail.activationAction': 'Activate account',
  'mail.resetSubject': 'Reset your password',
  'mail.resetText':
    'a password reset was requested for your account. Use the link below to set a new password. The link is valid for 1 hour.',
  'mail.resetAction': 'Set a new password',
  'mail.invitationSubject': 'Invitation to the company environment "{env}"',
  'mail.invitationTextKnown':
    '{inviter} has invited you to the company environment "{env}". After logging in you will find the invitation in your overview and can accept it there.',
  'mail.invitationTextUnknown':
    '{inviter} has invited you to the company environment "{env}". Please sign up with this e-mail address first; afterwards you can accept the invitation.',
  'mail.invitationActionKnown': 'View invitation',
  'mail.invitationActionUnknown': 'Sign up now',
  'mail.alreadyRegisteredSubject': 'Sign-up with your e-mail address',
  'mail.alreadyRegisteredText':
    'someone tried to create a new account with your e-mail address. You already have an account. If you forgot your password, you can reset it with the link below.',
  'mail.alreadyRegisteredAction': 'Reset password',
  'mail.devTitle': 'Generated e-mails (development)',
  'mail.devEmpty': 'No e-mails have been generated yet.',
  'mail.greetingAnonymous': 'Hello,',
};
