import { Alert, Button, Card, Center, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import type { LoginData } from '@sandbar/contract/auth';
import { homePathFor } from '@sandbar/contract/roles';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { useAV, withAV } from '../../../lib/av';
import { localText } from '../../../lib/notify';
import { sessionKeys, useCurrentUser } from '../../../lib/session';
import { tokenStore } from '../../../lib/token';
import { useLogin } from '../api/login';
import { useLoginAuthCode } from '../api/login-auth-code';

/** Login (spec section 2): username, password, LOG IN; a two-factor step replaces the form. */
export function LoginPage() {
  const { t } = useTranslation();
  const av = useAV();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const loginMutation = useLogin();
  const codeMutation = useLoginAuthCode();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [challenge, setChallenge] = useState<{ details: string; challengeId: string } | null>(null);

  if (user && !challenge) return <Navigate to={withAV(homePathFor(user.userType), av)} replace />;

  const finish = (data: LoginData) => {
    tokenStore.set(data.token);
    const { token: _token, ...authUser } = data;
    queryClient.setQueryData(sessionKeys.user, authUser);
    navigate(withAV(homePathFor(data.userType), av), { replace: true });
  };
  const showError = (err: unknown) => setErrors([err instanceof ApiError ? err.details : t('ui.signInFailed')]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problems: string[] = [];
    if (!username.trim()) problems.push(t('messages.login.usernameBlank'));
    if (!password) problems.push(t('messages.login.passwordBlank'));
    setErrors(problems);
    if (problems.length) return;
    loginMutation.mutate(
      { username: username.trim(), password, appVersion: av },
      {
        onSuccess: (data) => {
          if ('AUTH2FA' in data) setChallenge({ details: localText(data.details), challengeId: data.challengeId });
          else finish(data);
        },
        onError: showError,
      },
    );
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (!challenge) return;
    if (!code.trim()) {
      setErrors([localText('You left the auth code blank')]);
      return;
    }
    codeMutation.mutate(
      { loginAuthCode: code.trim(), challengeId: challenge.challengeId },
      { onSuccess: finish, onError: showError },
    );
  };

  // Form errors clear when any field changes (spec section 5).
  const change = (set: (v: string) => void) => (e: { currentTarget: { value: string } }) => {
    set(e.currentTarget.value);
    if (errors.length) setErrors([]);
  };

  return (
    <Center py={48} px="md">
      <Card withBorder shadow="sm" w={380} padding="lg">
        {challenge ? (
          <form onSubmit={submitCode} noValidate>
            <Stack>
              <Title order={3}>{t('ui.twoFactorTitle')}</Title>
              <Alert color="yellow" data-testid="auth-2fa-message">
                {challenge.details}
              </Alert>
              <TextInput
                label={t('messages.login.authCode')}
                value={code}
                onChange={change(setCode)}
                inputMode="numeric"
                autoComplete="one-time-code"
                autoFocus
              />
              {errors.length > 0 && (
                <Alert color="red" role="alert">
                  {errors.join(' ')}
                </Alert>
              )}
              <Button type="submit" loading={codeMutation.isPending}>
                {t('messages.login.continue')}
              </Button>
            </Stack>
          </form>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              <Title order={3}>{t('ui.signInTitle')}</Title>
              <TextInput
                label={t('ui.username')}
                value={username}
                onChange={change(setUsername)}
                autoComplete="username"
                autoCapitalize="none"
                autoFocus
              />
              <PasswordInput
                label={t('ui.password')}
                value={password}
                onChange={change(setPassword)}
                autoComplete="current-password"
              />
              {errors.length > 0 && (
                <Alert color="red" role="alert">
                  {errors.map((m) => (
                    <div key={m}>{m}</div>
                  ))}
                </Alert>
              )}
              <Button type="submit" loading={loginMutation.isPending}>
                {t('messages.login.logIn')}
              </Button>
            </Stack>
          </form>
        )}
      </Card>
    </Center>
  );
}
