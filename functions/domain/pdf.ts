import type { PDFFont } from "@cantoo/pdf-lib";

/**
 * Text documents as PDF (notices, billing statements) through the maintained
 * pdf-lib fork, which runs in Workers: Letter pages, Helvetica headings and
 * paragraphs wrapped by real glyph widths, page breaks and page numbers.
 * The library (about 900 KB with its dependencies) is imported when a PDF is
 * rendered, not when the Worker starts: a request for / never evaluates it.
 */

export interface PdfBlock {
  kind: "heading" | "paragraph";
  text: string;
}

const PAGE = { width: 612, height: 792, margin: 72 };
const STYLE = {
  heading: { size: 13, leading: 18, gapAfter: 4 },
  paragraph: { size: 10.5, leading: 14, gapAfter: 8 },
} as const;

const WIN_ANSI = /^[\x20-\x7E\xA0-\xFF]$/;
/** Letters with strokes have no decomposition: their plain letter. */
const STROKED: Record<string, string> = { Ł: "L", ł: "l", Đ: "D", đ: "d", Ħ: "H", ħ: "h" };

/**
 * The standard fonts speak WinAnsi: map common typography to it; a letter
 * beyond it (a name's ễ or ł) prints as its plain letter; drop the rest.
 */
function winAnsi(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/\u2026/g, "...")
    .replace(/[^\x20-\x7E\xA0-\xFF]/gu, (char) => {
      const plain = STROKED[char] ?? char.normalize("NFD").replace(/\p{M}/gu, "");
      return WIN_ANSI.test(plain) ? plain : " ";
    });
}

function wrap(text: string, font: PDFFont, size: number): string[] {
  const width = PAGE.width - 2 * PAGE.margin;
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function renderPdf(title: string, blocks: PdfBlock[]): Promise<Uint8Array<ArrayBuffer>> {
  const { PDFDocument, StandardFonts } = await import("@cantoo/pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(winAnsi(title));
  doc.setProducer("Ridgeline servicing core");
  const fonts = {
    heading: await doc.embedFont(StandardFonts.HelveticaBold),
    paragraph: await doc.embedFont(StandardFonts.Helvetica),
  };

  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  for (const block of [{ kind: "heading" as const, text: title }, ...blocks]) {
    const style = STYLE[block.kind];
    const font = fonts[block.kind];
    for (const line of wrap(winAnsi(block.text), font, style.size)) {
      if (y - style.leading < PAGE.margin) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        y = PAGE.height - PAGE.margin;
      }
      y -= style.leading;
      page.drawText(line, { x: PAGE.margin, y, size: style.size, font });
    }
    y -= style.gapAfter;
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    p.drawText(`Page ${i + 1} of ${pages.length}`, {
      x: PAGE.margin,
      y: PAGE.margin / 2,
      size: 9,
      font: fonts.paragraph,
    });
  });
  const bytes = await doc.save();
  return new Uint8Array(bytes);
}

/** Plain-text document format: "# " lines are headings, others paragraphs. */
export function parseTextDocument(text: string): PdfBlock[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) =>
      line.startsWith("# ") ? { kind: "heading", text: line.slice(2) } : { kind: "paragraph", text: line },
    );
}
