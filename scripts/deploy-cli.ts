/**
 * Command lines of the deploy scripts: flags, argument checks, and exit
 * codes (2 for a usage mistake, 1 for a failed step), so a mistyped version
 * id never reaches wrangler.
 */
import { execFileSync } from "node:child_process";
import { VERSION_ID } from "./wrangler-output";

export class UsageError extends Error {}

export interface CommandLine {
  dryRun: boolean;
  /** --yes: no typed confirmation (rollback). */
  yes: boolean;
  message?: string;
  positionals: string[];
}

/** `--dry-run` everywhere; `--message TEXT` where the script takes one. */
export function parseCommandLine(argv: string[], { acceptsMessage = false } = {}): CommandLine {
  const line: CommandLine = { dryRun: false, yes: false, positionals: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === "--dry-run") line.dryRun = true;
    else if (arg === "--yes") line.yes = true;
    else if (acceptsMessage && arg === "--message") {
      line.message = argv[++i];
      if (!line.message) throw new UsageError("--message needs a text.");
    } else if (arg.startsWith("-") && !/^-\d/.test(arg)) throw new UsageError(`Unknown option ${arg}.`);
    else line.positionals.push(arg);
  }
  return line;
}

export function parseVersionId(value: string): string {
  if (!VERSION_ID.test(value)) {
    throw new UsageError(
      `"${value}" is not a Worker version id: expected a UUID such as 0f1e2d3c-4b5a-6978-8695-a4b3c2d1e0f9 (npm run deploy:preview prints it; npx wrangler versions list --env production lists them).`,
    );
  }
  return value;
}

/** A whole percentage of traffic, 1 to 100 ("25" or "25%"). */
export function parsePercent(value: string): number {
  const percent = /^\d{1,3}%?$/.test(value) ? Number.parseInt(value, 10) : Number.NaN;
  if (!(percent >= 1 && percent <= 100))
    throw new UsageError(`"${value}" is not a percentage of traffic: expected a whole number from 1 to 100.`);
  return percent;
}

/**
 * Runs a script's body and answers its exit code: 2 after a UsageError
 * (message and usage printed), 1 after any other failure, else 0.
 */
export async function runCli(usage: string, body: () => Promise<void>): Promise<number> {
  try {
    await body();
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${usage}`);
      return 2;
    }
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

/** The checked-out commit (12 characters, as versions are tagged) and whether the working tree has changes. */
export interface GitState {
  commit: string | undefined;
  dirty: boolean;
}

export function gitState(): GitState {
  try {
    const git = (...args: string[]) =>
      execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return { commit: git("rev-parse", "--short=12", "HEAD"), dirty: git("status", "--porcelain") !== "" };
  } catch {
    return { commit: undefined, dirty: false };
  }
}

/**
 * A release is a commit (issue 21): a modified working tree is refused
 * before anything runs, so a version's tag always names the code it holds
 * and the migrations it was built with.
 */
export function releasedCommit(git: GitState, script: string): string {
  if (!git.commit) throw new Error(`${script}: this is not a git checkout; a release is a commit.`);
  if (git.dirty)
    throw new Error(
      `${script}: the working tree has changes (git status). Commit or stash them first: a release is a commit.`,
    );
  return git.commit;
}
