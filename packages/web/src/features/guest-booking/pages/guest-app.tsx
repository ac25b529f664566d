import { useEffect } from 'react';
import { LanguageSwitch } from '../components/language-switch';
import { useGuestLanguage } from '../guest-language';
import '../guest.css';
import { BookPage } from './book-page';
import { ManagePage } from './manage-page';

/** The manage link's token from /book/manage/<token>, else null (the booking screen). */
export function manageToken(pathname: string): string | null {
  const m = /^\/book\/manage\/([A-Za-z0-9_-]{16,128})\/?$/.exec(pathname);
  return m ? m[1]! : null;
}

/** The guest page's shell: two screens picked by the URL, no router needed for two paths. */
export function GuestApp() {
  const { lang, t, setLang } = useGuestLanguage();
  const token = manageToken(window.location.pathname);
  useEffect(() => {
    document.title = token ? t.manageTitle : t.docTitle;
  }, [t, token]);
  return (
    <div className="gb-page">
      <header className="gb-top">
        <LanguageSwitch lang={lang} label={t.language} onChange={setLang} />
      </header>
      {token ? <ManagePage t={t} lang={lang} token={token} /> : <BookPage t={t} lang={lang} />}
    </div>
  );
}
