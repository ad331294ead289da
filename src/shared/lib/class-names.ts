/** Joins truthy class names: `cn(styles.a, active && styles.b)`. */
export function cn(...parts: Array<string | false | null | undefined>): string {
  return parts.filter(Boolean).join(' ');
}
