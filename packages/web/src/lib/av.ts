import { useSearchParams } from 'react-router';

/** The AV (app version) query parameter, carried across every link and redirect (spec section 2). */
export function readAV(search: string = window.location.search): string | null {
  return new URLSearchParams(search).get('AV');
}

/** Adds the AV parameter to a path when the app runs in app-version mode. */
export function withAV(path: string, av: string | null): string {
  if (!av) return path;
  const [base, hash] = path.split('#') as [string, string | undefined];
  const url = new URL(base, 'http://x');
  url.searchParams.set('AV', av);
  return `${url.pathname}${url.search}${hash ? `#${hash}` : ''}`;
}

export function useAV(): string | null {
  const [params] = useSearchParams();
  return params.get('AV');
}

/** `to` with AV kept: use for every Link and navigate() in the app. */
export function useAVPath(): (path: string) => string {
  const av = useAV();
  return (path: string) => withAV(path, av);
}
