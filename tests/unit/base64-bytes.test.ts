import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bytesOfBase64 } from "#domain/tokens";

/** bytesOfBase64 against node's own decoder, for every length a padding case can take. */
describe("bytesOfBase64", () => {
  it("reads base64 and base64url, with or without padding, as node's Buffer does", () => {
    for (let length = 0; length <= 66; length++) {
      const bytes = randomBytes(length);
      const standard = bytes.toString("base64");
      const url = bytes.toString("base64url");
      expect(bytesOfBase64(standard)).toEqual(new Uint8Array(bytes));
      expect(bytesOfBase64(url)).toEqual(new Uint8Array(bytes));
      expect(bytesOfBase64(standard.replace(/=+$/, ""))).toEqual(new Uint8Array(bytes));
    }
  });

  it("refuses what is not base64", () => {
    expect(() => bytesOfBase64("not base64!")).toThrow();
  });
});
