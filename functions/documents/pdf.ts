/**
 * A small, dependency-free PDF writer for text documents (notices now,
 * statements later): Letter pages, Helvetica, headings, word wrap, page
 * breaks. Produces a valid PDF 1.4 file with a cross-reference table.
 */

export interface PdfBlock {
  kind: "heading" | "paragraph";
  text: string;
}

const PAGE = { width: 612, height: 792, margin: 72 };
const STYLE = {
  heading: { font: "F2", size: 13, leading: 18, gapAfter: 4 },
  paragraph: { font: "F1", size: 10.5, leading: 14, gapAfter: 8 },
} as const;
/** Average Helvetica glyph width as a share of the font size (for wrapping). */
const AVG_GLYPH = 0.5;

/** PDF text strings are Latin-1 here; map common typography to ASCII. */
function pdfText(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7E]/g, " ")
    .replace(/([\\()])/g, "\\$1");
}

function wrap(text: string, size: number): string[] {
  const maxChars = Math.floor((PAGE.width - 2 * PAGE.margin) / (size * AVG_GLYPH));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > maxChars) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Lays blocks out into page content streams. */
function layout(title: string, blocks: PdfBlock[]): string[] {
  const pages: string[][] = [[]];
  let y = PAGE.height - PAGE.margin;
  const all: PdfBlock[] = [{ kind: "heading", text: title }, ...blocks];
  for (const block of all) {
    const style = STYLE[block.kind];
    for (const line of wrap(block.text, style.size)) {
      if (y - style.leading < PAGE.margin) {
        pages.push([]);
        y = PAGE.height - PAGE.margin;
      }
      y -= style.leading;
      pages.at(-1)!.push(`BT /${style.font} ${style.size} Tf ${PAGE.margin} ${y.toFixed(1)} Td (${pdfText(line)}) Tj ET`);
    }
    y -= style.gapAfter;
  }
  return pages.map((ops, i) =>
    [...ops, `BT /F1 9 Tf ${PAGE.margin} ${PAGE.margin / 2} Td (Page ${i + 1} of ${pages.length}) Tj ET`].join("\n"),
  );
}

export function renderPdf(title: string, blocks: PdfBlock[]): Uint8Array<ArrayBuffer> {
  const contents = layout(title, blocks);
  const objects: string[] = [];
  const pageIds = contents.map((_, i) => 5 + i * 2);
  objects[1] = "<< /Type /Catalog /Pages 2 0 R >>";
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(" ")}] /Count ${pageIds.length} >>`;
  objects[3] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>";
  objects[4] = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>";
  contents.forEach((stream, i) => {
    const pageId = pageIds[i]!;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] ` +
      `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  const info = objects.length;
  objects[info] = `<< /Title (${pdfText(title)}) /Producer (Ridgeline servicing core) >>`;

  let out = "%PDF-1.4\n";
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, "0")} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Everything above is ASCII, so string length equals byte length.
  return new TextEncoder().encode(out);
}

/** Plain-text document format: "# " lines are headings, others paragraphs. */
export function parseTextDocument(text: string): PdfBlock[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => (line.startsWith("# ") ? { kind: "heading", text: line.slice(2) } : { kind: "paragraph", text: line }));
}
