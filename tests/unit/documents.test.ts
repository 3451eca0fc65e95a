import { PDFDocument } from "@cantoo/pdf-lib";
import { describe, expect, it } from "vitest";
import { documentRows, documentSeedSql } from "#db/seed/documents";
import { brand, phones } from "#domain/config";
import { parseTextDocument, renderPdf } from "#domain/pdf";
import { documentSlugs } from "#server/documents/store";
import { documentTitle, fillPlaceholders } from "#server/documents/template";
import { pdfText } from "./pdf-text";

describe("document templates", () => {
  it("fills placeholders from configuration and refuses unknown ones", () => {
    expect(fillPlaceholders("Call {{ brand.name }} at {{phones.contact}}")).toBe(
      `Call ${brand.name} at 1.800.555.0142`,
    );
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

describe("PDF documents (pdf-lib fork)", () => {
  it("renders headings and paragraphs across pages, with page numbers and a title", async () => {
    const long = Array.from(
      { length: 120 },
      (_, i) => `Paragraph ${i} (with parentheses) and typography \u2014 "quoted".`,
    ).join("\n");
    const bytes = await renderPdf("Notice", parseTextDocument(`# Heading\n${long}`));
    expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    expect(doc.getTitle()).toBe("Notice");
    const text = pdfText(bytes);
    expect(text).toContain("Heading");
    expect(text).toContain("Paragraph 119 (with parentheses)");
    expect(text).toContain(`Page ${doc.getPageCount()} of ${doc.getPageCount()}`);
  });

  it("prints names in any alphabet: Latin-1 letters as they are, others as their plain letter", async () => {
    const bytes = await renderPdf(
      "Agreement",
      parseTextDocument("Borrower: José Nuñez, Łukasz Nguyễn, Zoë O\u2019Brien"),
    );
    expect(pdfText(bytes)).toContain("Borrower: José Nuñez, Lukasz Nguyen, Zoë O'Brien");
  });

  it("treats '# ' lines as headings", () => {
    expect(parseTextDocument("# Title\nBody\n\n")).toEqual([
      { kind: "heading", text: "Title" },
      { kind: "paragraph", text: "Body" },
    ]);
  });
});
