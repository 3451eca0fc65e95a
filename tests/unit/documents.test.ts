import { describe, expect, it } from "vitest";
import { documentRows, documentSeedSql } from "../../db/seed/documents";
import { documentSlugs } from "../../functions/documents/store";
import { parseTextDocument, renderPdf } from "../../functions/documents/pdf";
import { documentTitle, fillPlaceholders } from "../../functions/documents/template";
import { brand, phones } from "../../functions/config";

describe("document templates", () => {
  it("fills placeholders from configuration and refuses unknown ones", () => {
    expect(fillPlaceholders("Call {{ brand.name }} at {{phones.contact}}")).toBe(`Call ${brand.name} at 1.800.555.0142`);
    expect(phones.contact).toBe("18005550142");
    expect(() => fillPlaceholders("{{nope}}")).toThrow(/Unknown document placeholder/);
  });

  it("reads the title comment", () => {
    expect(documentTitle("<!-- title: About Us -->\n<p>x</p>")).toBe("About Us");
    expect(documentTitle("<p>x</p>")).toBeNull();
  });

  it("seeds every store document, filled and titled, without scripts or inline styles", () => {
    const rows = documentRows();
    expect(rows.map((r) => r.slug).sort()).toEqual([...documentSlugs].sort());
    for (const row of rows) {
      expect(row.title.length).toBeGreaterThan(3);
      expect(row.html).not.toMatch(/\{\{|<script|style=|<h1|on\w+=/i);
    }
    expect(documentSeedSql()).toHaveLength(documentSlugs.length);
  });
});

describe("PDF writer", () => {
  it("writes a well-formed PDF with a correct cross-reference table", () => {
    const long = Array.from({ length: 120 }, (_, i) => `Paragraph ${i} (with parentheses) and a back\\slash.`).join("\n");
    const bytes = renderPdf("Notice", parseTextDocument(`# Heading\n${long}`));
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith("%PDF-1.4\n")).toBe(true);
    expect(text.trimEnd().endsWith("%%EOF")).toBe(true);
    const startxref = Number(text.match(/startxref\n(\d+)/)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe("xref");
    // Every object offset in the table points at "N 0 obj".
    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    entries.forEach((offset, i) => expect(text.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    // 120 paragraphs do not fit on one Letter page.
    expect(Number(text.match(/\/Count (\d+)/)![1])).toBeGreaterThan(1);
    expect(text).toContain("\\(with parentheses\\)");
  });

  it("treats '# ' lines as headings", () => {
    expect(parseTextDocument("# Title\nBody\n\n")).toEqual([
      { kind: "heading", text: "Title" },
      { kind: "paragraph", text: "Body" },
    ]);
  });
});
