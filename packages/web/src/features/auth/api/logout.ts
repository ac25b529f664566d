import { api } from '../../../lib/api';

/** POST /auth/logout: revokes the token on the server. */
export const logout = () => api<{ success: 1 }>('/auth/logout', { method: 'POST', silent: true });
