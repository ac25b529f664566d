import { type GuestLanguage, guestLanguages } from '@sandbar/contract/booking-page';

const names: Record<GuestLanguage, string> = { en: 'English', es: 'Español' };

/** English / Español: each named in its own language, so a guest finds theirs whatever is shown. */
export function LanguageSwitch(props: { lang: GuestLanguage; label: string; onChange(lang: GuestLanguage): void }) {
  return (
    <div className="gb-lang" role="group" aria-label={props.label}>
      {guestLanguages.map((l) => (
        <button
          key={l}
          type="button"
          lang={l}
          aria-pressed={props.lang === l}
          onClick={() => props.onChange(l)}
          data-testid={`guest-lang-${l}`}
        >
          {names[l]}
        </button>
      ))}
    </div>
  );
}
