import type { LoginAuthCodeBody, LoginData } from '@sandbar/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /auth/loginAuthCode: finishes a two-factor sign-in. */
export const loginAuthCode = (body: LoginAuthCodeBody) =>
  api<LoginData>('/auth/loginAuthCode', { method: 'POST', body, silent: true });

export const useLoginAuthCode = () => useMutation({ mutationFn: loginAuthCode });
