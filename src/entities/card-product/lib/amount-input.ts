/**
 * Money typed by a user → integer minor units, without floats. Accepts "12", "12.5", "12,50",
 * "1 234.56" (spaces, NBSP and apostrophes as group separators). Both currencies of the contract
 * (USD, RUB) have 2 minor digits.
 */
const MINOR_DIGITS = 2;

/** null = empty, 'invalid' = not an amount (letters, 3+ decimals, too large), else minor units. */
export function parseAmountInput(text: string): number | null | 'invalid' {
  const compact = text.replace(/[\s\u00a0\u202f'’]/g, '');
  if (compact === '') return null;
  const match = /^(\d+)(?:[.,](\d*))?$/.exec(compact);
  if (!match) return 'invalid';
  const whole = match[1]!;
  const fraction = match[2] ?? '';
  if (fraction.length > MINOR_DIGITS) return 'invalid';
  const digits = `${whole}${fraction.padEnd(MINOR_DIGITS, '0')}`.replace(/^0+(?=\d)/, '');
  const value = Number(digits);
  if (!Number.isSafeInteger(value)) return 'invalid';
  return value;
}

/** Minor units → the plain text an amount input shows ("1234.5" style, no grouping): 1050 → "10.50". */
export function amountToInput(amount: number): string {
  const negative = amount < 0;
  const digits = String(Math.abs(Math.trunc(amount))).padStart(MINOR_DIGITS + 1, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -MINOR_DIGITS)}.${digits.slice(-MINOR_DIGITS)}`;
}
