/**
 * Avatar initials from the stored names, whatever they hold (names stored before the registration name rule
 * may contain emoji, astral letters or control characters). Works on grapheme clusters (Intl.Segmenter; code
 * points with their combining marks where it is missing), so a surrogate pair or an emoji sequence is never split.
 * Each initial is the first cluster that starts with a letter, else the first visible cluster.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\s]/gu;
const STARTS_WITH_LETTER = /^\p{L}/u;

function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && typeof Intl.Segmenter === 'function') {
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);
  }
  // Fallback: code points; combining marks, variation selectors and joined code points stay with the previous one.
  const clusters: string[] = [];
  let joinNext = false;
  for (const cp of Array.from(text)) {
    if (clusters.length > 0 && (joinNext || /^[\p{M}\u200D\uFE0F\u{1F3FB}-\u{1F3FF}]$/u.test(cp))) {
      clusters[clusters.length - 1] += cp;
    } else clusters.push(cp);
    joinNext = cp === '\u200D';
  }
  return clusters;
}

function initialOf(name: string): string {
  // Invisible characters are dropped except the emoji joiner (U+200D), which belongs to its sequence.
  const clusters = graphemes(name.replace(INVISIBLE, (c) => (c === '\u200D' ? c : ''))).filter((c) => c.replace(/\u200D/g, '') !== '');
  const cluster = clusters.find((c) => STARTS_WITH_LETTER.test(c)) ?? clusters[0] ?? '';
  return STARTS_WITH_LETTER.test(cluster) ? cluster.toLocaleUpperCase() : cluster;
}

export const userInitials = (firstName: string, lastName: string): string => `${initialOf(firstName)}${initialOf(lastName)}`;
