import type { Image } from "../../content/schema.ts";

/**
 * An image from content/: its own size (no layout shift when it arrives) and lazy loading (every
 * content image sits below the first screen).
 */
export function ContentImage({ image }: { image: Image }) {
  return (
    <img
      src={image.src}
      alt={image.alt}
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
    />
  );
}
