import type { FnbItem, FnbMenu } from '@sandbar/contract/fnb';
import { type FnbLanguage, type FnbTexts, fnbAllergenNames, fnbName, fnbPrice } from '@sandbar/contract/fnb-texts';
import { hourLabel, orderable, servingHours } from '../../../lib/fnb-cart';

/** The menu by category: each item with its price, allergens, and Add (or why it cannot be ordered now). */
export function MenuList(props: { menu: FnbMenu; t: FnbTexts; lang: FnbLanguage; onOpen(item: FnbItem): void }) {
  const { menu, t, lang } = props;
  const categories = [...menu.categories].filter((c) => c.active).sort((a, b) => a.sortOrder - b.sortOrder);
  return (
    <div data-testid="guest-menu">
      {categories.map((c) => {
        const items = menu.items
          .filter((i) => i.categoryId === c.id && i.active)
          .sort((a, b) => a.sortOrder - b.sortOrder);
        if (!items.length) return null;
        return (
          <section key={c.id} className="go-category" aria-labelledby={`go-cat-${c.id}`}>
            <h2 id={`go-cat-${c.id}`}>{fnbName(lang, c.name, c.nameEs)}</h2>
            <ul className="go-items">
              {items.map((item) => {
                const name = fnbName(lang, item.name, item.nameEs);
                const can = orderable(menu, item);
                const hours = servingHours(item, c);
                const why = item.soldOut
                  ? t.guest.soldOut
                  : !can && hours
                    ? t.guest.notNow(hourLabel(hours.from), hourLabel(hours.to))
                    : null;
                return (
                  <li key={item.id} className="go-item" data-testid="guest-item" data-item={item.id}>
                    {item.photoUrl ? <img src={item.photoUrl} alt="" loading="lazy" width={72} height={72} /> : null}
                    <div className="go-item__text">
                      <h3>{name}</h3>
                      {fnbName(lang, item.description, item.descriptionEs) && (
                        <p className="go-muted go-small">{fnbName(lang, item.description, item.descriptionEs)}</p>
                      )}
                      {item.allergens.length > 0 && (
                        <p className="go-small go-muted">
                          {t.guest.allergens}: {fnbAllergenNames(t, item.allergens)}
                        </p>
                      )}
                      <p className="go-price">{fnbPrice(item.priceCents)}</p>
                      {why && <p className="go-why">{why}</p>}
                    </div>
                    <button
                      type="button"
                      className="go-add"
                      disabled={!can}
                      aria-label={`${t.guest.add} ${name}`}
                      onClick={() => props.onOpen(item)}
                    >
                      {t.guest.add}
                    </button>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
      <p className="go-small go-muted">{t.guest.allergyNote}</p>
    </div>
  );
}
