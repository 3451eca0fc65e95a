import { inflateSync } from "node:zlib";

/**
 * The text drawn in a PDF, for assertions: inflates every stream that is
 * Flate-compressed and decodes the strings shown with Tj (hex or literal).
 */
export function pdfText(bytes: Uint8Array): string {
  const raw = Buffer.from(bytes);
  const chunks: string[] = [];
  let from = 0;
  for (;;) {
    const start = raw.indexOf("stream", from, "latin1");
    if (start === -1) break;
    const dataStart = raw[start + 6] === 0x0d ? start + 8 : start + 7;
    const end = raw.indexOf("endstream", dataStart, "latin1");
    if (end === -1) break;
    const data = raw.subarray(dataStart, end);
    try {
      chunks.push(inflateSync(data).toString("latin1"));
    } catch {
      chunks.push(data.toString("latin1"));
    }
    from = end + 9;
  }
  const shown: string[] = [];
  for (const content of chunks) {
    for (const m of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj|\(((?:\\.|[^\\)])*)\)\s*Tj/g)) {
      shown.push(m[1] ? Buffer.from(m[1], "hex").toString("latin1") : m[2]!.replace(/\\(.)/g, "$1"));
    }
  }
  return shown.join("\n");
}
