/** The 6-digit activation code (contract ActivationCode) from what the user typed or a QR code held. */
const CODE = /^\d{6}$/;

export const isActivationCode = (text: string): boolean => CODE.test(text);

/**
 * A code from scanned text: the bare 6 digits, or a labelled one inside a longer text/URL
 * ("code=123456", "Activation code: 123 456"). Several different 6-digit groups → ambiguous → null.
 */
export function extractActivationCode(text: string): string | null {
  const trimmed = text.trim();
  if (CODE.test(trimmed)) return trimmed;
  const labelled = /(?:activation[_\s-]?code|code)\s*[:=]\s*(\d{3})[\s-]?(\d{3})(?!\d)/i.exec(trimmed);
  if (labelled) return `${labelled[1]}${labelled[2]}`;
  const groups = new Set(trimmed.match(/(?<!\d)\d{6}(?!\d)/g) ?? []);
  return groups.size === 1 ? [...groups][0]! : null;
}
