import * as v from "valibot";

/**
 * A failed parse as messages by field (its dot path), the first message of
 * each; an issue of the whole value goes under `rootKey`. The one way forms,
 * the partner API, the platform client and the servicing core say what was
 * wrong with what they were sent.
 */
export function fieldErrors(issues: v.BaseIssue<unknown>[], rootKey = "form"): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[v.getDotPath(issue) ?? rootKey] ??= issue.message;
  return errors;
}
