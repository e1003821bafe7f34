import {
  type MarkupBlock,
  type MarkupInline,
  parseMarkup,
} from "../../domain/site-content/site-markup.ts";

/**
 * Text typed by staff in the site's small markup (domain/site-content/site-markup.ts), as
 * paragraphs and lists. React escapes every text: what is not markup shows as typed.
 */
export function SiteMarkup({ text }: { text: string }) {
  return <MarkupBlocks blocks={parseMarkup(text)} />;
}

export function MarkupBlocks({
  blocks,
  paragraphClassName,
}: {
  blocks: readonly MarkupBlock[];
  /** The page's own class of its paragraphs here ('lead' on /to_investors). */
  paragraphClassName?: string;
}) {
  return blocks.map((block, index) => {
    // Blocks have no identity but their place: the text is rendered whole each time.
    const key = `${block.kind}-${index}`;
    if (block.kind === "paragraph") {
      return (
        <p key={key} className={paragraphClassName}>
          <MarkupLine inline={block.inline} />
        </p>
      );
    }
    const items = block.items.map((item, itemIndex) => (
      // biome-ignore lint/suspicious/noArrayIndexKey: items are only ever rendered whole
      <li key={itemIndex}>
        <MarkupLine inline={item} />
      </li>
    ));
    return block.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
  });
}

function MarkupLine({ inline }: { inline: readonly MarkupInline[] }) {
  return inline.map((part, index) => {
    if (part.kind === "text") return part.text;
    if (part.kind === "bold") {
      // biome-ignore lint/suspicious/noArrayIndexKey: parts are only ever rendered whole
      return <strong key={index}>{part.text}</strong>;
    }
    return (
      // biome-ignore lint/suspicious/noArrayIndexKey: parts are only ever rendered whole
      <a key={index} href={part.href}>
        {part.text}
      </a>
    );
  });
}
