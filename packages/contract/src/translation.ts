// The shape of a translation: a leaf module (it imports nothing), so the texts of the pages and of
// the schemas (booking-page.ts, i18n.ts) can both use it without importing each other (issue 36).

/** The same keys with any string in place of the English literal; functions keep their parameters. */
export type Translation<T> = T extends string
  ? string
  : T extends (...args: infer A) => string
    ? (...args: A) => string
    : T extends readonly (infer U)[]
      ? readonly Translation<U>[]
      : { readonly [K in keyof T]: Translation<T[K]> };
