type Catalogue = { [key: string]: string | Catalogue };

/** Deep-merges `over` onto `base`, so a key missing from `over` keeps the base (English) text. */
export function mergeCatalogues<T extends object>(base: T, over: object): T {
  const merged: Catalogue = { ...(base as Catalogue) };
  for (const [key, value] of Object.entries(over as Catalogue)) {
    const current = merged[key];
    merged[key] = typeof value === 'object' && typeof current === 'object' ? mergeCatalogues(current, value) : value;
  }
  return merged as T;
}
