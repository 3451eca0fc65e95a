import { describe, expect, it } from "vitest";
import { smsKeyword, smsKeywordReplies } from "../../functions/domain/rules/sms-keywords";

describe("inbound text keywords (spec file 1, section 9)", () => {
  it.each(["STOP", "END", "CANCEL", "UNSUBSCRIBE", "REMOVE", "QUIT", "STOPALL"])(
    "%s stops texts, in any case",
    (word) => {
      expect(smsKeyword(word)).toBe("stop");
      expect(smsKeyword(word.toLowerCase())).toBe("stop");
      expect(smsKeyword(` ${word[0]}${word.slice(1).toLowerCase()}\n`)).toBe("stop");
    },
  );

  it("START and UNSTOP start them again", () => {
    expect(smsKeyword("start")).toBe("start");
    expect(smsKeyword("UNSTOP")).toBe("start");
  });

  it("a keyword inside other words is not one: the whole body must be the keyword", () => {
    for (const body of ["please stop texting me", "STOP!", "stop it", "don't cancel", "", "STOP STOP", "STOPP"])
      expect(smsKeyword(body)).toBeNull();
  });

  it("the replies name the company, say how to undo, and give the phone number", () => {
    expect(smsKeywordReplies.stop).toMatch(/^Ridgeline Credit: .*Reply START .*1\.800\.555\.0142\.$/);
    expect(smsKeywordReplies.start).toMatch(/^Ridgeline Credit: .*Reply STOP .*1\.800\.555\.0142\.$/);
  });
});
