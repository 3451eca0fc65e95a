import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { messages } from "../../functions/domain/config";

/** wrangler.toml's dispatch queues agree with the configuration module in every environment. */
describe("the dispatch queues in wrangler.toml", () => {
  const toml = readFileSync("wrangler.toml", "utf8");

  it("each environment retries a message maxAttempts - 1 times (the first try is no retry), then dead-letters it", () => {
    // The dispatch queues' consumers only: the lines' queues (decision record 032) retry on their own terms.
    const retries = [
      ...toml.matchAll(/^queue = "ridgeline-messages[^"]*"\n(?:max_batch\w+ = \d+\n)*max_retries = (\d+)$/gm),
    ].map((m) => Number(m[1]));
    expect(retries).toEqual([1, 2, 3].map(() => messages.dispatch.maxAttempts - 1));
  });

  it("every dead-letter queue has a consumer (the dispatch queues' mark the records failed), and every producer queue one too", () => {
    const consumed = new Set([...toml.matchAll(/\.consumers\]\]\nqueue = "([^"]+)"/g)].map((m) => m[1]));
    const deadLetters = [...toml.matchAll(/^dead_letter_queue = "([^"]+)"$/gm)].map((m) => m[1]!);
    const produced = [...toml.matchAll(/\.producers\]\]\nbinding = "MESSAGES"\nqueue = "([^"]+)"/g)].map((m) => m[1]);
    expect(deadLetters.filter((q) => q.startsWith("ridgeline-messages"))).toEqual([
      "ridgeline-messages-local-dlq",
      "ridgeline-messages-preview-dlq",
      "ridgeline-messages-dlq",
    ]);
    // The lines' events (decision record 032): a dead event is handed over again from its line's store.
    expect(deadLetters.filter((q) => q.startsWith("ridgeline-line-events"))).toEqual([
      "ridgeline-line-events-local-dlq",
      "ridgeline-line-events-preview-dlq",
      "ridgeline-line-events-dlq",
    ]);
    expect(deadLetters).toHaveLength(6);
    expect(produced).toEqual(["ridgeline-messages-local", "ridgeline-messages-preview", "ridgeline-messages"]);
    for (const queue of [...deadLetters, ...produced]) expect(consumed.has(queue), queue).toBe(true);
  });
});
