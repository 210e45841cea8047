/** Polyglot-style lookup of a dotted key with %{name} values; the key itself when missing. */
export function lookup(catalogue: object, key: string, values: Record<string, unknown> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
  const text = typeof found === 'string' ? found : key;
  return text.replace(/%\{(\w+)\}/g, (_, name: string) => (name in values ? String(values[name]) : `%{${name}}`));
}
