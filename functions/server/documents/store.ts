import { eq } from "drizzle-orm";
import * as v from "valibot";
import { database } from "#db/client";
import { documents } from "#db/schema/site";

/** The documents store of spec file 1, section 3 (keys as the spec names them). */
export const documentSlugs = [
  "termsConditions",
  "privacyPolicy",
  "caPrivacyPolicy",
  "caPrivacyPolicyInfo",
  "aboutUs",
] as const;
export type DocumentSlug = (typeof documentSlugs)[number];
export const DocumentSlugSchema = v.picklist(documentSlugs, "Unknown document.");

export interface StoredDocument {
  slug: DocumentSlug;
  title: string;
  html: string;
  updatedAt: number;
}

export async function getDocument(d1: D1Database, slug: DocumentSlug): Promise<StoredDocument | null> {
  const row = await database(d1).select().from(documents).where(eq(documents.slug, slug)).get();
  return row ? { ...row, slug } : null;
}
