/** A rate for people: "92.27" / "0.01081" (significant digits kept, trailing zeros dropped), in the UI language. */
export function formatRate(rate: string, lang: string): string {
  const [, fraction = ''] = rate.split('.');
  const significant = fraction.replace(/0+$/, '').length;
  const nf = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: Math.max(2, Math.min(significant, 8)) });
  // Intl formats exact decimal strings (ES2023): no float rounding of the rate.
  return nf.format(rate as unknown as number);
}
