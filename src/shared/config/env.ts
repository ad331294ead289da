/** Runtime configuration from Vite env variables (set at build time). */
export const appConfig = {
  /** API origin; empty means same origin (the dev server proxies /api). */
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '',
  isDev: import.meta.env.DEV,
} as const;
