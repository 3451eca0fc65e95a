import { data } from "react-router";
import { noticePdf } from "#server/documents/notices";
import type { Route } from "./+types/documents.$file";

/** The footer's PDF notices, rendered as real PDF files. */
export async function loader({ params }: Route.LoaderArgs) {
  const pdf = await noticePdf(params.file);
  if (!pdf) throw data(null, { status: 404 });
  return new Response(pdf, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${params.file}"`,
      "Cache-Control": "public, max-age=3600",
    },
  });
}
