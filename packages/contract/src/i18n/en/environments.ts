import type { environments as source } from '../de_sie/environments';

export const environments: Record<keyof typeof source, string> = {
  'environments.notMember': 'You have no access to this company environment.',
  'environments.unknown': 'The company environment was not found.',
  'environments.blocked': 'Company environment blocked',
  'environments.notActive': 'The company environment is not active. Records cannot be created or edited.',
  'environments.inviteSent': 'An invitation has been sent by e-mail to {email}.',
  'environments.inviteFailed': 'An unexpected error occurred while inviting the user.',
  'environments.alreadyMember': 'This user is already a member of the company environment.',
  'environments.invitationLimit': 'Too many invitations have been sent today. Please try again tomorrow.',
  'environments.invitationRemoved': 'The invitation has been removed.',
};
