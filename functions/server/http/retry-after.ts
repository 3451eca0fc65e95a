/**
 * When to try again, in words, from a limit's Retry-After seconds: what a
 * refused person reads next to the limit's message (issue 14, item 10).
 * Relative ("in 12 minutes"), not a clock time: the server does not know the
 * reader's time zone, and the text must render the same on the server and in
 * the browser. Rounded up, so it is never too early.
 */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes === 1) return "in a minute";
  if (minutes < 55) return `in ${minutes} minutes`;
  const hours = Math.ceil(minutes / 60);
  return hours === 1 ? "in about an hour" : `in about ${hours} hours`;
}
