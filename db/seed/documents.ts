import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { DocumentSlug } from "#server/documents/store";
import { documentTitle, fillPlaceholders } from "#server/documents/template";

/** The public documents the project writes, by store key. */
const files: Record<DocumentSlug, string> = {
  termsConditions: "terms.html",
  privacyPolicy: "privacy.html",
  caPrivacyPolicy: "caprivacy.html",
  caPrivacyPolicyInfo: "caprivacy-info.html",
  aboutUs: "about-us.html",
};

export interface DocumentRow {
  slug: DocumentSlug;
  title: string;
  html: string;
}

/** Reads db/documents/*.html and fills their placeholders from configuration. */
export function documentRows(): DocumentRow[] {
  return Object.entries(files).map(([slug, file]) => {
    const raw = readFileSync(fileURLToPath(new URL(`../documents/${file}`, import.meta.url)), "utf8");
    const title = documentTitle(raw);
    if (!title) throw new Error(`${file} has no <!-- title: ... --> line`);
    return { slug: slug as DocumentSlug, title, html: fillPlaceholders(raw.replace(/^<!--.*?-->\s*/, "")) };
  });
}

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Idempotent SQL that (re)writes every document: seeding twice is harmless. */
export function documentSeedSql(now = Date.now()): string[] {
  return documentRows().map(
    (row) =>
      `INSERT INTO documents (slug, title, html, updated_at) VALUES (${quote(row.slug)}, ${quote(row.title)}, ${quote(row.html)}, ${now}) ` +
      `ON CONFLICT(slug) DO UPDATE SET title = excluded.title, html = excluded.html, updated_at = excluded.updated_at;`,
  );
}
