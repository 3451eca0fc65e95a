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

  it("every dead-letter queue has a consumer (which marks the records failed), and every producer queue one too", () => {
    const consumed = new Set([...toml.matchAll(/\.consumers\]\]\nqueue = "([^"]+)"/g)].map((m) => m[1]));
    const deadLetters = [...toml.matchAll(/^dead_letter_queue = "([^"]+)"$/gm)].map((m) => m[1]);
    const produced = [...toml.matchAll(/\.producers\]\]\nbinding = "MESSAGES"\nqueue = "([^"]+)"/g)].map((m) => m[1]);
    expect(deadLetters).toEqual([
      "ridgeline-messages-local-dlq",
      "ridgeline-messages-preview-dlq",
      "ridgeline-messages-dlq",
    ]);
    expect(produced).toEqual(["ridgeline-messages-local", "ridgeline-messages-preview", "ridgeline-messages"]);
    for (const queue of [...deadLetters, ...produced]) expect(consumed.has(queue), queue).toBe(true);
  });
});
