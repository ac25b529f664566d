import type { LoginBody, LoginResponse } from '@sandbar/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** POST /auth/login: login data, or `{AUTH2FA: true, details}` when a code is needed. */
export const login = (body: LoginBody) => api<LoginResponse>('/auth/login', { method: 'POST', body, silent: true });

export const useLogin = () => useMutation({ mutationFn: login });
