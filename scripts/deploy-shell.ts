/**
 * How the deploy scripts run commands. Every step is a Command; a real run
 * is printed as `$ command` and then executed (wrangler telemetry off); with
 * `--dry-run` it is only printed, in the order a real run takes, so
 * operators (and tests) can read exactly what would happen.
 */
import { run, runAndRead } from "./run";

export interface Command {
  /** Extra environment variables, printed in front of the command. */
  env?: Record<string, string>;
  argv: [string, ...string[]];
  /** Reads the operator's terminal (a secret's value, a confirmation): stdin is passed through. */
  interactive?: boolean;
}

export interface Shell {
  readonly dryRun: boolean;
  run(command: Command): Promise<void>;
  /** Runs and returns stdout; a dry run prints the command and returns undefined. */
  read(command: Command): Promise<string | undefined>;
}

/** A command as a person would type it in a POSIX shell. */
export function formatCommand({ env = {}, argv }: Command): string {
  const quote = (word: string) => (/^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`);
  return [...Object.entries(env).map(([name, value]) => `${name}=${quote(value)}`), ...argv.map(quote)].join(" ");
}

/** Prints each command as `$ command`; a dry run stops there. */
export function shellFor(dryRun: boolean): Shell {
  const show = (command: Command) => console.log(`$ ${formatCommand(command)}`);
  return {
    dryRun,
    async run(command) {
      show(command);
      if (!dryRun)
        await run(command.argv[0], command.argv.slice(1), {
          env: command.env,
          ...(command.interactive ? { stdio: "inherit" as const } : {}),
        });
    },
    async read(command) {
      show(command);
      return dryRun ? undefined : runAndRead(command.argv[0], command.argv.slice(1), { env: command.env });
    },
  };
}
