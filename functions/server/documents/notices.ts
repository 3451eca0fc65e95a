import { parseTextDocument, renderPdf } from "#domain/pdf";
import privacyNotice from "../../../db/documents/privacy-notice.txt?raw";
import privacyOptOut from "../../../db/documents/privacy-notice-opt-out.txt?raw";
import scDisclosure from "../../../db/documents/sc-disclosure.txt?raw";
import { fillPlaceholders } from "./template";

/** The footer's PDF notices, by file name. */
const notices: Record<string, { title: string; text: string }> = {
  "privacy-notice.pdf": { title: "Privacy Notice", text: privacyNotice },
  "privacy-notice-opt-out.pdf": { title: "Privacy Choices Notice", text: privacyOptOut },
  "sc-disclosure.pdf": { title: "South Carolina Disclosure", text: scDisclosure },
};

export async function noticePdf(file: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const notice = notices[file];
  return notice ? renderPdf(notice.title, parseTextDocument(fillPlaceholders(notice.text))) : null;
}
