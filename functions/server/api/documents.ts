import { vValidator } from "@hono/valibot-validator";
import { Hono } from "hono";
import * as v from "valibot";
import { DocumentSlugSchema, getDocument } from "../documents/store";
import type { ApiEnv } from "./types";

/** Public documents on demand (the FAQ's terms popup). */
export const documentsApi = new Hono<ApiEnv>().get(
  "/:slug",
  vValidator("param", v.object({ slug: DocumentSlugSchema }), (result, c) => {
    if (!result.success) return c.json({ error: "Unknown document." }, 404);
  }),
  async (c) => {
    const doc = await getDocument(c.env.DB, c.req.valid("param").slug);
    if (!doc) return c.json({ error: "Unknown document." }, 404);
    c.header("Cache-Control", "public, max-age=300");
    return c.json({ title: doc.title, html: doc.html });
  },
);
