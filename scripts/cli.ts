/**
 * Small shared pieces of the command-line tools in scripts/ that talk to a running server over HTTP
 * (scripts/support/parked-deposits.ts, scripts/sandbox/usdt-transfer.ts).
 */

/** The command line after the script name; `flag`/`option` take what they read out of `args`, leaving the rest. */
export function cliArgs(argv: string[] = process.argv.slice(2)) {
  const args = [...argv];
  const flag = (name: string): boolean => {
    const index = args.indexOf(`--${name}`);
    if (index >= 0) args.splice(index, 1);
    return index >= 0;
  };
  const option = (name: string): string | undefined => {
    const index = args.indexOf(`--${name}`);
    if (index < 0) return undefined;
    const value = args[index + 1];
    args.splice(index, 2);
    return value;
  };
  /** The server to talk to: --url, else API_URL, else http://localhost:3000 (without a trailing slash). */
  const apiUrl = (): string => (option('url') ?? process.env.API_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  return { args, flag, option, apiUrl };
}

/** Runs `main` and exits with the code it returns; an error is printed (its message only) and exits with 1. */
export function runMain(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
