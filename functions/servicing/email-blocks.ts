/**
 * An e-mail's text read as the blocks its HTML part shows (issue 35): the
 * text is the one source of what a message says, so the HTML is made from it
 * at delivery and never says anything the plain-text part does not.
 *
 * - a blank line starts a new block;
 * - lines that start with "- " are a list (the adverse-action notice's reasons);
 * - any other run of lines is a paragraph, its line breaks kept;
 * - a web address anywhere becomes a link.
 */

/** A run of words, or a web address to link. */
export type Inline = { kind: "words"; text: string } | { kind: "link"; href: string };

export type Block = { kind: "paragraph"; lines: Inline[][] } | { kind: "list"; items: Inline[][] };

/**
 * A web address as the templates write it (https://…), without the sentence's
 * own punctuation after it: "log in at https://x.example/login." links the
 * address, not the full stop.
 */
const WEB_ADDRESS = /https?:\/\/[^\s<>"]*[^\s<>".,;:!?)'\]]/g;

/** One line cut into words and links, in order. */
export function inlines(line: string): Inline[] {
  const parts: Inline[] = [];
  let from = 0;
  for (const match of line.matchAll(WEB_ADDRESS)) {
    if (match.index > from) parts.push({ kind: "words", text: line.slice(from, match.index) });
    parts.push({ kind: "link", href: match[0] });
    from = match.index + match[0].length;
  }
  if (from < line.length || parts.length === 0) parts.push({ kind: "words", text: line.slice(from) });
  return parts;
}

const LIST_ITEM = /^- /;

/** One block of text (no blank line inside) as paragraphs and lists, in order. */
function blocksOf(chunk: string): Block[] {
  const blocks: Block[] = [];
  for (const line of chunk.split("\n")) {
    const last = blocks.at(-1);
    if (LIST_ITEM.test(line)) {
      const item = inlines(line.replace(LIST_ITEM, ""));
      if (last?.kind === "list") last.items.push(item);
      else blocks.push({ kind: "list", items: [item] });
    } else if (last?.kind === "paragraph") last.lines.push(inlines(line));
    else blocks.push({ kind: "paragraph", lines: [inlines(line)] });
  }
  return blocks;
}

/** The whole text as blocks. */
export function emailBlocks(text: string): Block[] {
  return text
    .split(/\n{2,}/)
    .filter((chunk) => chunk.trim() !== "")
    .flatMap(blocksOf);
}
