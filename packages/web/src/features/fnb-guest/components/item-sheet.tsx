import type { FnbItem } from '@sandbar/contract/fnb';
import { type FnbLanguage, type FnbTexts, fnbLimits, fnbName, fnbPrice } from '@sandbar/contract/fnb-texts';
import { useEffect, useRef, useState } from 'react';
import { choicesComplete, unitCents } from '../../../lib/fnb-cart';

/**
 * One item opened from the menu: its choices (size, ice…), how many, a note for the bar, and
 * "Add — $x". A choice with at most one option is a set of radio buttons, else checkboxes.
 */
export function ItemSheet(props: {
  item: FnbItem;
  t: FnbTexts;
  lang: FnbLanguage;
  onAdd(line: { itemId: number; quantity: number; optionIds: number[]; note: string }): void;
  onClose(): void;
}) {
  const { item, t, lang } = props;
  // Each single choice starts on its first option when one is required (a drink has a size).
  const [optionIds, setOptionIds] = useState<number[]>(() =>
    item.modifierGroups.filter((g) => g.minChoices >= 1 && g.maxChoices === 1).map((g) => g.options[0]!.id),
  );
  const [quantity, setQuantity] = useState(1);
  const [note, setNote] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const complete = choicesComplete(item, optionIds);
  const price = fnbPrice(unitCents(item, optionIds) * quantity);
  return (
    <section className="go-sheet" aria-labelledby="go-sheet-title" data-testid="item-sheet">
      <h2 id="go-sheet-title" tabIndex={-1} ref={heading}>
        {fnbName(lang, item.name, item.nameEs)}
      </h2>
      {fnbName(lang, item.description, item.descriptionEs) && (
        <p className="go-muted">{fnbName(lang, item.description, item.descriptionEs)}</p>
      )}
      {item.modifierGroups.map((g) => {
        const single = g.maxChoices === 1;
        const chosen = g.options.filter((o) => optionIds.includes(o.id)).length;
        return (
          <fieldset key={g.id} className="go-choice">
            <legend>
              {fnbName(lang, g.name, g.nameEs)}{' '}
              <span className="go-muted go-small">
                {g.minChoices > 0 ? t.guest.required : t.guest.upTo(g.maxChoices)}
              </span>
            </legend>
            {g.options.map((o) => {
              const checked = optionIds.includes(o.id);
              return (
                <label key={o.id} className="go-option">
                  <input
                    type={single ? 'radio' : 'checkbox'}
                    name={`group-${g.id}`}
                    checked={checked}
                    disabled={!single && !checked && chosen >= g.maxChoices}
                    // An optional single choice (ice: none, or one) is let go by tapping it again.
                    onClick={() => {
                      if (single && checked && g.minChoices === 0) setOptionIds(optionIds.filter((id) => id !== o.id));
                    }}
                    onChange={() => {
                      const others = optionIds.filter((id) => !g.options.some((x) => x.id === id));
                      if (single) setOptionIds([...others, o.id]);
                      else setOptionIds(checked ? optionIds.filter((id) => id !== o.id) : [...optionIds, o.id]);
                    }}
                  />
                  <span>{fnbName(lang, o.name, o.nameEs)}</span>
                  {o.priceDeltaCents !== 0 && (
                    <span className="go-muted">
                      {o.priceDeltaCents > 0 ? '+' : ''}
                      {fnbPrice(o.priceDeltaCents)}
                    </span>
                  )}
                </label>
              );
            })}
          </fieldset>
        );
      })}
      <div className="go-qty" role="group" aria-label={t.guest.quantity}>
        <button type="button" aria-label="−1" disabled={quantity <= 1} onClick={() => setQuantity((q) => q - 1)}>
          −
        </button>
        <output aria-live="polite" aria-label={t.guest.quantity}>
          {quantity}
        </output>
        <button
          type="button"
          aria-label="+1"
          disabled={quantity >= fnbLimits.maxQuantity}
          onClick={() => setQuantity((q) => q + 1)}
        >
          +
        </button>
      </div>
      <label htmlFor="go-note">{t.guest.note}</label>
      <input
        id="go-note"
        value={note}
        maxLength={fnbLimits.maxNote}
        placeholder={t.guest.notePlaceholder}
        onChange={(e) => setNote(e.currentTarget.value)}
      />
      <button
        type="button"
        className="go-primary"
        disabled={!complete}
        onClick={() => props.onAdd({ itemId: item.id, quantity, optionIds, note: note.trim() })}
      >
        {t.guest.addWithPrice(price)}
      </button>
      <button type="button" className="go-secondary" onClick={props.onClose}>
        {t.guest.menu}
      </button>
    </section>
  );
}
