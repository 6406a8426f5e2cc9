import { z } from 'zod';
import { call, noBody } from '../call';
import { passwordLimits } from './auth';

const password = z.string().max(passwordLimits.max);

export const changePassword = call('/api/user/settings/change-pw', {
  body: z.object({ currentPw: password, newPw: password, newPw2: password }),
  data: z.undefined(),
});

export const logoutEverywhere = call('/api/user/settings/logout-all', { body: noBody, data: z.undefined() });
