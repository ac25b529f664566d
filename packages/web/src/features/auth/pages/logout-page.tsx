import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAV, withAV } from '../../../lib/av';
import { tokenStore } from '../../../lib/token';
import { logout } from '../api/logout';

/** /logout: revokes the token, clears it and every cached query, then shows the login screen. */
export function LogoutPage() {
  const av = useAV();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      tokenStore.clear();
      queryClient.clear();
      navigate(withAV('/login', av), { replace: true });
    };
    if (tokenStore.get()) logout().then(finish, finish);
    else finish();
  }, [av, navigate, queryClient]);
  return null;
}
