import { cloneElement, type ReactElement, type ReactNode } from 'react';

const TAG = /<(\w+)>([^<]*)<\/\1>/g;

/**
 * A translation with `<name>text</name>` tags (not nested) → its parts, each tag rendered as `components[name]`
 * with the tag's text as children (a link in a sentence). For the first screen: react-i18next's `<Trans>` does
 * the same and more but weighs ~3.7 KB gzip with its HTML parser (docs/performance.md "Bundle budget"). A tag
 * without a component shows its text.
 */
export function renderTagged(text: string, components: Record<string, ReactElement>): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const [whole, name = '', inner = ''] = match;
    const component = components[name];
    parts.push(component ? cloneElement(component, { key: `${name}-${match.index}` }, inner) : inner);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
